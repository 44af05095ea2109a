import type { Hex, TransactionSerializable } from "viem";
import { readEthTransaction } from "../../decode/read-eth-transaction";
import type { PolicyValue } from "../types";
import { decodeCall } from "./ethereum-calldata";
import { abiFor, type ContractInterfaceRef } from "./interfaces";

export { ethAuthorizationContext, ethTypedDataContext } from "./ethereum-typed-data";

const TYPE_NAMES: Record<string, string> = {
  legacy: "LEGACY",
  eip2930: "TYPE_1",
  eip1559: "TYPE_2",
  eip4844: "TYPE_3",
  eip7702: "TYPE_4",
};

/**
 * `eth.tx` of an unsigned serialized Ethereum transaction (legacy, EIP-2930, EIP-1559, EIP-4844
 * body, EIP-7702), as sign_transaction receives it.
 *
 * Representation choices (policies compare strings exactly):
 * - addresses and hex are lower case, `0x`-prefixed: what the community's policies and the
 *   reference's EIP-712 note use (`eth.tx.data[0..10] == '0xa9059cbb'`); `data` of a plain transfer
 *   is `'0x'`; `to` of a contract creation is `''` (as the reference says of Tempo calls);
 * - `from` is not in an unsigned transaction: it is the signing address, when the caller gives it;
 * - fields a transaction type does not have are absent (a legacy transaction has no
 *   max_fee_per_gas); `gas_price` of fee-market transactions is their max_fee_per_gas, as the
 *   reference says; `chain_id` of a pre-EIP-155 legacy transaction is absent;
 * - a field the encoding leaves out because it is zero (viem omits them) is 0.
 *
 * Throws InputError (a 400 naming the field) when the hex is not a transaction.
 */
export function ethTransactionContext(
  unsignedTransactionHex: string,
  interfaces: readonly ContractInterfaceRef[],
  options: { from?: string } = {},
): Record<string, PolicyValue> {
  return ethTransactionFields(readEthTransaction(unsignedTransactionHex), interfaces, options);
}

/** `eth.tx` of a transaction already read (server/decode reads once and shows these same fields). */
export function ethTransactionFields(
  transaction: TransactionSerializable,
  interfaces: readonly ContractInterfaceRef[],
  options: { from?: string } = {},
): Record<string, PolicyValue> {
  const type = transaction.type ?? "legacy";
  const zero = (value: bigint | number | undefined) => BigInt(value ?? 0);
  const data: Hex = (transaction.data ?? "0x").toLowerCase() as Hex;
  const to = transaction.to?.toLowerCase() ?? "";

  const tx: Record<string, PolicyValue> = {
    ...(options.from ? { from: options.from.toLowerCase() } : {}),
    to,
    data,
    value: zero(transaction.value),
    gas: zero(transaction.gas),
    nonce: zero(transaction.nonce),
    type: TYPE_NAMES[type] ?? type,
  };
  if (transaction.chainId !== undefined) tx.chain_id = BigInt(transaction.chainId);
  if (type === "legacy" || type === "eip2930") {
    tx.gas_price = zero(transaction.gasPrice);
  } else {
    tx.max_fee_per_gas = zero(transaction.maxFeePerGas);
    tx.max_priority_fee_per_gas = zero(transaction.maxPriorityFeePerGas);
    tx.gas_price = tx.max_fee_per_gas;
  }
  if (type === "eip4844") tx.max_fee_per_blob_gas = zero(transaction.maxFeePerBlobGas);

  const abi = to ? abiFor(interfaces, to) : undefined;
  const call = abi ? decodeCall(data, abi) : undefined;
  return call ? { ...tx, ...call } : tx;
}
