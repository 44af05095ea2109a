import { type Abi, decodeFunctionData, erc20Abi, erc721Abi, erc4626Abi, type Hex, maxUint256 } from "viem";
import { decodeCall } from "../policy/context/ethereum-calldata";
import { abiFor } from "../policy/context/interfaces";
import { type DecodeEnvironment, knownEvmToken } from "./environment";
import { amount, argText, short, valueNode } from "./format";
import type { DecodedNode } from "./tree";

export interface DecodedCallView {
  /** "Approve 1,000 USDC to 0xabab…abab"; absent when the calldata could not be read. */
  headline?: string;
  node: DecodedNode;
  warning?: string;
}

/** ERC-20 first: its approve/transferFrom share selectors with ERC-721's, and tokens are far commoner. */
const WELL_KNOWN: readonly { standard: string; abi: Abi }[] = [
  { standard: "ERC-20", abi: erc20Abi },
  { standard: "ERC-4626", abi: erc4626Abi },
  { standard: "ERC-721", abi: erc721Abi },
];

/**
 * The calldata of a call to `to`: with the organization's registered ABI for that address (the same
 * decoding the policy engine's eth.tx.function_name / contract_call_args use), else with the
 * well-known ERC-20 / ERC-4626 / ERC-721 ABIs, else plainly unreadable.
 */
export function decodeCallData(to: string, data: Hex, env: DecodeEnvironment): DecodedCallView {
  const registered = abiFor(env.interfaces, to);
  const call = registered ? decodeCall(data, registered) : undefined;
  if (call) {
    return {
      headline: `Call ${call.function_name} on ${short(to)}`,
      node: {
        label: "Call (registered interface)",
        value: call.function_name,
        children: Object.entries(call.contract_call_args).map(([name, value]) => valueNode(name, value)),
      },
    };
  }
  for (const { standard, abi } of WELL_KNOWN) {
    let decoded: { functionName: string; args?: readonly unknown[] };
    try {
      decoded = decodeFunctionData({ abi, data });
    } catch {
      continue;
    }
    const args = decoded.args ?? [];
    const item = abi.find(
      (i) => i.type === "function" && i.name === decoded.functionName && i.inputs.length === args.length,
    );
    const inputs = item && item.type === "function" ? item.inputs : [];
    return {
      headline: wellKnownHeadline(decoded.functionName, args, to),
      node: {
        label: `Call (${standard})`,
        value: decoded.functionName,
        children: args.map((arg, i) => ({ label: inputs[i]?.name || String(i), value: argText(arg) })),
      },
    };
  }
  const selector = data.slice(0, 10);
  return {
    node: {
      label: "Call data",
      value: data.length > 66 ? `${data.slice(0, 66)}… (${(data.length - 2) / 2} bytes)` : data,
    },
    warning: `The call data (selector ${selector}) matches no registered contract interface and no ERC-20, ERC-721 or ERC-4626 function: Latchkey cannot show what this call does.`,
  };
}

/** The token amount as people read it, or base units and the token's address when it is unknown. */
function tokenAmount(units: bigint, token: string): string {
  if (units === maxUint256)
    return `an unlimited amount of ${knownEvmToken(token)?.symbol ?? `token ${short(token)}`}`;
  const known = knownEvmToken(token);
  return known
    ? `${amount(units, known.decimals)} ${known.symbol}`
    : `${units} base units of token ${short(token)}`;
}

function wellKnownHeadline(name: string, args: readonly unknown[], to: string): string {
  const a = (i: number) => String(args[i]);
  const n = (i: number) => BigInt(args[i] as bigint);
  switch (name) {
    case "approve":
      return `Approve ${tokenAmount(n(1), to)} to ${short(a(0))}`;
    case "transfer":
      return `Transfer ${tokenAmount(n(1), to)} to ${short(a(0))}`;
    case "transferFrom":
      return `Transfer ${tokenAmount(n(2), to)} from ${short(a(0))} to ${short(a(1))}`;
    case "safeTransferFrom":
      return `Transfer NFT #${a(2)} of ${short(to)} from ${short(a(0))} to ${short(a(1))}`;
    case "setApprovalForAll":
      return `${args[1] ? "Allow" : "Stop allowing"} ${short(a(0))} to move every NFT of ${short(to)}`;
    case "deposit":
      return `Deposit ${n(0)} base units of assets into vault ${short(to)} for ${short(a(1))}`;
    case "mint":
      return `Mint ${n(0)} shares of vault ${short(to)} for ${short(a(1))}`;
    case "withdraw":
      return `Withdraw ${n(0)} base units of assets from vault ${short(to)} to ${short(a(1))}`;
    case "redeem":
      return `Redeem ${n(0)} shares of vault ${short(to)} to ${short(a(1))}`;
    default:
      return `Call ${name} on ${short(to)}`;
  }
}
