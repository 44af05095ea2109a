import { formatGwei, type Hex } from "viem";
import { ethTransactionFields } from "../policy/context/ethereum";
import { type DecodeEnvironment, evmChain, evmChainName, usdSuffix } from "./environment";
import { decodeCallData } from "./ethereum-call";
import { amount, short } from "./format";
import { readEthTransaction } from "./read-eth-transaction";
import type { DecodedNode, DecodedTree } from "./tree";

/**
 * An Ethereum transaction (unsigned, or signed for a raw broadcast) for the approver: who receives
 * what on which chain, the call it makes, its nonce and fees, and any EIP-7702 authorizations.
 * Read with the same reader and fields as the policy engine's eth.tx.
 */
export function decodeEthereumTransaction(hex: string, env: DecodeEnvironment, from?: string): DecodedTree {
  const transaction = readEthTransaction(hex);
  const tx = ethTransactionFields(transaction, env.interfaces, { from });
  const chain = evmChain(transaction.chainId);
  const chainName = evmChainName(transaction.chainId);
  const symbol = chain?.nativeSymbol ?? "ETH";
  const value = transaction.value ?? 0n;
  const valueText = `${amount(value, 18)} ${symbol}${usdSuffix(env.usdPrices, symbol, value, 18)}`;
  const to = String(tx.to);
  const data = tx.data as Hex;
  const call = to && data !== "0x" ? decodeCallData(to, data, env) : undefined;

  let headline: string;
  if (!to) headline = `Deploy a contract on ${chainName}`;
  else if (!call) headline = `Send ${amount(value, 18)} ${symbol} to ${short(to)} on ${chainName}`;
  else if (call.headline) headline = `${call.headline} on ${chainName}`;
  else headline = `Call ${short(to)} with undecoded data on ${chainName}`;
  if (call && value > 0n) headline += `, sending ${amount(value, 18)} ${symbol}`;

  const fields: DecodedNode[] = [
    {
      label: "Chain",
      value:
        transaction.chainId === undefined
          ? "any chain (no chain id: replayable)"
          : `${chainName} (${transaction.chainId})`,
    },
    { label: "To", value: to || "(contract creation)" },
    ...(from ? [{ label: "From", value: from }] : []),
    { label: "Value", value: valueText },
    ...(call ? [call.node] : []),
    { label: "Nonce", value: String(tx.nonce) },
    { label: "Gas limit", value: String(tx.gas) },
    ...feeFields(tx),
    { label: "Type", value: String(tx.type) },
  ];
  const authorizations = transaction.type === "eip7702" ? (transaction.authorizationList ?? []) : [];
  if (authorizations.length) {
    fields.push({
      label: "EIP-7702 authorizations",
      children: authorizations.map((a, i) => ({
        label: `[${i}]`,
        value: `delegate to ${a.address.toLowerCase()} on ${evmChainName(a.chainId)} (nonce ${a.nonce})`,
      })),
    });
  }
  const warnings = [
    call?.warning,
    transaction.chainId === undefined
      ? "No chain id: this transaction can be replayed on any chain."
      : undefined,
  ].filter(Boolean);
  return {
    kind: "ethereum-transaction",
    headline,
    fields,
    ...(warnings.length ? { warning: warnings.join(" ") } : {}),
  };
}

function feeFields(tx: Record<string, unknown>): DecodedNode[] {
  const gwei = (key: string) => `${formatGwei(tx[key] as bigint)} gwei`;
  if (tx.max_fee_per_gas !== undefined) {
    return [
      { label: "Max fee per gas", value: gwei("max_fee_per_gas") },
      { label: "Max priority fee per gas", value: gwei("max_priority_fee_per_gas") },
    ];
  }
  return [{ label: "Gas price", value: gwei("gas_price") }];
}
