import { ethAuthorizationContext, ethTypedDataContext } from "../policy/context/ethereum";
import type { PolicyValue } from "../policy/types";
import { evmChainName, knownEvmToken } from "./environment";
import { amount, short, unixTime, valueNode } from "./format";
import type { DecodedTree } from "./tree";

type Struct = Record<string, PolicyValue>;

/**
 * EIP-712 typed data as a readable tree (domain, primary type, message), read exactly as the
 * policy engine reads eth.eip_712. ERC-2612 Permit is spelled out in the headline.
 */
export function decodeTypedData(json: string): DecodedTree {
  const typed = ethTypedDataContext(json) as Struct;
  const domain = typed.domain as Struct;
  const message = typed.message as Struct;
  const primaryType = String(typed.primary_type);
  const app = domain.name
    ? String(domain.name)
    : domain.verifying_contract
      ? short(String(domain.verifying_contract))
      : "an unnamed application";
  const chain = domain.chain_id !== undefined ? ` on ${evmChainName(domain.chain_id as bigint)}` : "";
  return {
    kind: "ethereum-typed-data",
    headline: permitHeadline(primaryType, domain, message) ?? `Sign ${primaryType} for ${app}${chain}`,
    fields: [
      { label: "Primary type", value: primaryType },
      valueNode("Domain", domain),
      valueNode("Message", message),
    ],
  };
}

/** "Permit 0xabab…abab to spend 1,000 USDC (USD Coin) until 2030-01-01T00:00:00Z". */
function permitHeadline(primaryType: string, domain: Struct, message: Struct): string | undefined {
  if (primaryType !== "Permit" || message.spender === undefined || message.value === undefined)
    return undefined;
  const token = knownEvmToken(domain.verifying_contract as string | undefined);
  const value = message.value as bigint;
  const what = token
    ? `${amount(value, token.decimals)} ${token.symbol}`
    : `${value} base units of ${domain.name ?? "token"} ${domain.verifying_contract ? short(String(domain.verifying_contract)) : ""}`.trim();
  const until = message.deadline !== undefined ? ` until ${unixTime(message.deadline as bigint)}` : "";
  return `Permit ${short(String(message.spender))} to spend ${what}${until}`;
}

/** An EIP-7702 authorization: which code this account will run, where, at which nonce. */
export function decodeAuthorization(json: string): DecodedTree {
  const authorization = ethAuthorizationContext(json) as Struct;
  const chainId = authorization.chain_id as bigint;
  return {
    kind: "eip7702-authorization",
    headline: `Delegate this account to ${short(String(authorization.address))} on ${evmChainName(chainId)}`,
    fields: [
      { label: "Delegate (contract)", value: String(authorization.address) },
      { label: "Chain", value: chainId === 0n ? "0: every chain" : `${evmChainName(chainId)} (${chainId})` },
      { label: "Nonce", value: String(authorization.nonce) },
    ],
    ...(chainId === 0n ? { warning: "Chain id 0: this authorization is valid on every EVM chain." } : {}),
  };
}
