import { getAddress, isAddress } from "viem";
import { chainInfo } from "@/lib/api/chains";
import { findSeededToken } from "../chains/evm/seeded-tokens";
import { invalid } from "../errors";
import { NATIVE } from "./local-pools";
import type { SwapAsset } from "./provider";

/**
 * What a CAIP-19 names for swapping on a local EVM devnet: its native coin (`slip44:60`) or one of
 * the seeded tokens (`erc20:<address>`). Anything else is refused with the field that named it —
 * unless the chain's provider is an aggregator (`anyErc20`), which trades any ERC-20 it knows and
 * refuses the rest itself.
 */
export function swapAsset(caip19: string, field: "inputToken" | "outputToken", anyErc20 = false): SwapAsset {
  const slash = caip19.indexOf("/");
  const info = chainInfo(caip19.slice(0, slash));
  if (!info) throw invalid(`${caip19} is on a chain this server does not serve`, field);
  if (info.family !== "evm")
    throw invalid(
      `${caip19} is on ${info.caip2}: the EVM pools trade EVM assets only (a Solana swap takes Solana assets on both sides)`,
      field,
    );
  const asset = caip19.slice(slash + 1).toLowerCase();
  if (asset === "slip44:60")
    return { caip2: info.caip2, caip19: `${info.caip2}/slip44:60`, address: NATIVE, stable: false };
  const token = asset.startsWith("erc20:") ? findSeededToken(info.caip2, caip19) : undefined;
  if (!token && anyErc20 && isAddress(asset.slice("erc20:".length), { strict: false })) {
    const address = getAddress(asset.slice("erc20:".length));
    return {
      caip2: info.caip2,
      caip19: `${info.caip2}/erc20:${address.toLowerCase()}`,
      address,
      stable: false,
    };
  }
  if (!token) {
    throw invalid(
      `${caip19} is not a token the swap pools trade: use the native coin (slip44:60) or a seeded token (list_supported_assets)`,
      field,
    );
  }
  return {
    caip2: info.caip2,
    caip19: `${info.caip2}/erc20:${token.address.toLowerCase()}`,
    address: token.address,
    stable: token.stable,
  };
}
