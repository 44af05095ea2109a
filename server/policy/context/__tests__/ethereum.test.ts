import {
  encodeFunctionData,
  erc20Abi,
  erc4626Abi,
  type Hex,
  parseAbi,
  serializeTransaction,
  type TransactionSerializable,
  toFunctionSelector,
} from "viem";
import { describe, expect, it } from "vitest";
import { parseContractInterface } from "@/server/contracts";
import { InputError } from "@/server/encoding/input-error";
import { conformanceProblems } from "../conforms";
import { ethTransactionContext } from "../ethereum";
import type { ContractInterfaceRef } from "../interfaces";
import { CONDITION_SCHEMA } from "../schema";

const TOKEN = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";
const VAULT = "0x83F20F44975D03b1b09e64809B757c47f942BEeA";
const SPENDER = "0x000000000022D473030F116dDEE9F6B43aC78BA3";
const ALICE = "0x8ba1f109551bD432803012645Ac136ddd64DBA72";
const WEI = 10n ** 30n; // more than 64 bits

/** Registered the way create_smart_contract_interface stores it. */
function registered(address: string, abi: unknown): ContractInterfaceRef {
  const parsed = parseContractInterface({
    type: "SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM",
    address,
    definition: JSON.stringify(abi),
  });
  return { address: address.toLowerCase(), parsed: JSON.parse(JSON.stringify(parsed)) };
}

const INTERFACES = [registered(TOKEN, erc20Abi), registered(VAULT, erc4626Abi)];

/** eth.tx of a transaction, checked against the condition schema on the way. */
function txOf(transaction: TransactionSerializable, interfaces = INTERFACES, from?: string) {
  const tx = ethTransactionContext(serializeTransaction(transaction), interfaces, { from });
  expect(conformanceProblems({ eth: { tx } }, CONDITION_SCHEMA)).toEqual([]);
  return tx;
}

describe("eth.tx: every transaction type", () => {
  it("reads a legacy EIP-155 transaction", () => {
    const tx = txOf({
      type: "legacy",
      chainId: 11155111,
      nonce: 7,
      gas: 21000n,
      gasPrice: 3n,
      to: ALICE,
      value: WEI,
    });
    expect(tx).toEqual({
      to: ALICE.toLowerCase(),
      data: "0x",
      value: WEI,
      gas: 21000n,
      nonce: 7n,
      type: "LEGACY",
      chain_id: 11155111n,
      gas_price: 3n,
    });
  });

  it("leaves chain_id absent on a pre-EIP-155 legacy transaction", () => {
    const tx = txOf({ type: "legacy", nonce: 0, gas: 21000n, gasPrice: 1n, to: ALICE });
    expect(tx).not.toHaveProperty("chain_id");
    expect(tx.value).toBe(0n);
  });

  it("reads an EIP-2930 transaction as TYPE_1", () => {
    const tx = txOf({
      type: "eip2930",
      chainId: 1,
      nonce: 1,
      gas: 50000n,
      gasPrice: 9n,
      to: ALICE,
      accessList: [{ address: TOKEN, storageKeys: [] }],
    });
    expect(tx).toMatchObject({ type: "TYPE_1", chain_id: 1n, gas_price: 9n, nonce: 1n });
    expect(tx).not.toHaveProperty("max_fee_per_gas");
  });

  it("reads an EIP-1559 transaction as TYPE_2, gas_price being max_fee_per_gas", () => {
    const tx = txOf({
      chainId: 8453,
      nonce: 42,
      gas: 60000n,
      maxFeePerGas: 2_000_000_000n,
      maxPriorityFeePerGas: 1_000_000n,
      to: ALICE,
      value: 5n,
    });
    expect(tx).toMatchObject({
      type: "TYPE_2",
      chain_id: 8453n,
      nonce: 42n,
      gas: 60000n,
      max_fee_per_gas: 2_000_000_000n,
      max_priority_fee_per_gas: 1_000_000n,
      gas_price: 2_000_000_000n,
      value: 5n,
    });
  });

  it("reads an EIP-4844 body as TYPE_3 with its blob fee", () => {
    const tx = txOf({
      type: "eip4844",
      chainId: 1,
      gas: 21000n,
      maxFeePerGas: 10n,
      maxPriorityFeePerGas: 1n,
      maxFeePerBlobGas: 77n,
      blobVersionedHashes: [`0x01${"00".repeat(31)}`],
      to: ALICE,
    });
    expect(tx).toMatchObject({ type: "TYPE_3", max_fee_per_blob_gas: 77n, max_fee_per_gas: 10n });
  });

  it("reads an EIP-7702 transaction as TYPE_4", () => {
    const tx = txOf({
      type: "eip7702",
      chainId: 1,
      nonce: 3,
      gas: 90000n,
      maxFeePerGas: 10n,
      maxPriorityFeePerGas: 2n,
      to: ALICE,
      authorizationList: [{ address: VAULT, chainId: 1, nonce: 4, r: "0x01", s: "0x02", yParity: 0 }],
    });
    expect(tx).toMatchObject({ type: "TYPE_4", chain_id: 1n, nonce: 3n, max_priority_fee_per_gas: 2n });
  });

  it("gives a contract creation an empty `to`, and `from` when the signing address is known", () => {
    const tx = txOf(
      { chainId: 1, gas: 1_000_000n, maxFeePerGas: 1n, data: "0x6080604052ABCD" },
      INTERFACES,
      ALICE,
    );
    expect(tx.to).toBe("");
    expect(tx.from).toBe(ALICE.toLowerCase());
    expect(tx.data).toBe("0x6080604052abcd");
  });

  it("accepts the hex without 0x, as clients also send it", () => {
    const serialized = serializeTransaction({ chainId: 1, gas: 21000n, maxFeePerGas: 1n, to: ALICE });
    expect(ethTransactionContext(serialized.slice(2), [])).toEqual(ethTransactionContext(serialized, []));
  });

  it("refuses what is not a transaction, naming the field", () => {
    expect(() => ethTransactionContext("0xzz", [])).toThrow(InputError);
    expect(() => ethTransactionContext("0x", [])).toThrow(/unsignedTransaction is empty/);
    expect(() => ethTransactionContext("0x05c0", [])).toThrow(
      /unsignedTransaction is not a serialized Ethereum/,
    );
  });
});

describe("eth.tx: calls decoded with a registered ABI", () => {
  const call = (to: string, data: Hex, interfaces = INTERFACES) =>
    txOf({ chainId: 1, nonce: 0, gas: 100000n, maxFeePerGas: 1n, to: to as Hex, data }, interfaces);

  it("decodes an ERC-20 approve: name, selector and named arguments", () => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [SPENDER, WEI] });
    const tx = call(TOKEN, data);
    expect(tx.function_name).toBe("approve");
    expect(tx.function_signature).toBe("0x095ea7b3");
    expect(tx.function_signature).toBe((tx.data as string).slice(0, 10));
    expect(tx.contract_call_args).toEqual({ spender: SPENDER.toLowerCase(), amount: WEI });
  });

  it("decodes an ERC-4626 deposit", () => {
    const data = encodeFunctionData({ abi: erc4626Abi, functionName: "deposit", args: [1_000_000n, ALICE] });
    const tx = call(VAULT, data);
    expect(tx).toMatchObject({
      function_name: "deposit",
      function_signature: "0x6e553f65",
      contract_call_args: { assets: 1_000_000n, receiver: ALICE.toLowerCase() },
    });
  });

  it("tells redeem (0xba087652) from withdraw (0xb460af94)", () => {
    expect(toFunctionSelector("redeem(uint256,address,address)")).toBe("0xba087652");
    expect(toFunctionSelector("withdraw(uint256,address,address)")).toBe("0xb460af94");
    const redeem = call(
      VAULT,
      encodeFunctionData({ abi: erc4626Abi, functionName: "redeem", args: [12n, ALICE, SPENDER] }),
    );
    expect(redeem).toMatchObject({
      function_name: "redeem",
      function_signature: "0xba087652",
      contract_call_args: { shares: 12n, receiver: ALICE.toLowerCase(), owner: SPENDER.toLowerCase() },
    });
    const withdraw = call(
      VAULT,
      encodeFunctionData({ abi: erc4626Abi, functionName: "withdraw", args: [34n, SPENDER, ALICE] }),
    );
    expect(withdraw).toMatchObject({
      function_name: "withdraw",
      function_signature: "0xb460af94",
      contract_call_args: { assets: 34n, receiver: SPENDER.toLowerCase(), owner: ALICE.toLowerCase() },
    });
  });

  it("matches the ABI by the transaction's `to` only, whatever its case", () => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [ALICE, 1n] });
    expect(call(TOKEN.toLowerCase(), data).function_name).toBe("transfer");
    const elsewhere = call(ALICE, data);
    expect(elsewhere).not.toHaveProperty("function_name");
    expect(elsewhere).not.toHaveProperty("contract_call_args");
    expect(elsewhere.data).toBe(data.toLowerCase());
  });

  it("leaves the call fields absent for a selector the ABI lacks or calldata that does not decode", () => {
    const unknown = encodeFunctionData({ abi: erc4626Abi, functionName: "deposit", args: [1n, ALICE] });
    expect(call(TOKEN, unknown)).not.toHaveProperty("function_name");
    const truncated = encodeFunctionData({
      abi: erc20Abi,
      functionName: "approve",
      args: [SPENDER, 1n],
    }).slice(0, 40) as Hex;
    expect(call(TOKEN, truncated)).not.toHaveProperty("function_name");
  });

  it("turns arrays into lists and tuples into positional lists, as the reference reads them", () => {
    const abi = parseAbi([
      "function executeBatch((address target, uint256 value, bytes data)[] calls)",
      "function disperse(address[] recipients, uint256[3] amounts)",
      "function misc(uint8 small, int256 negative, bool ok, bytes32 tag, string note, address)",
    ]);
    const batch: Hex[] = [ALICE, TOKEN];
    const interfaces = [registered(SPENDER, abi)];
    const executeBatch = call(
      SPENDER,
      encodeFunctionData({
        abi,
        functionName: "executeBatch",
        args: [batch.map((target, i) => ({ target, value: BigInt(i), data: "0xABCD" as Hex }))],
      }),
      interfaces,
    );
    expect(executeBatch.contract_call_args).toEqual({
      calls: [
        [ALICE.toLowerCase(), 0n, "0xabcd"],
        [TOKEN.toLowerCase(), 1n, "0xabcd"],
      ],
    });
    const disperse = call(
      SPENDER,
      encodeFunctionData({ abi, functionName: "disperse", args: [batch, [1n, 2n, 3n]] }),
      interfaces,
    );
    expect(disperse.contract_call_args).toEqual({
      recipients: batch.map((a) => a.toLowerCase()),
      amounts: [1n, 2n, 3n],
    });
    const misc = call(
      SPENDER,
      encodeFunctionData({
        abi,
        functionName: "misc",
        args: [7, -5n, true, `0x${"AB".repeat(32)}`, "héllo", ALICE],
      }),
      interfaces,
    );
    // An unnamed parameter is keyed by its position.
    expect(misc.contract_call_args).toEqual({
      small: 7n,
      negative: -5n,
      ok: true,
      tag: `0x${"ab".repeat(32)}`,
      note: "héllo",
      "5": ALICE.toLowerCase(),
    });
  });
});
