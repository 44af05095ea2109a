import { DEVNET_USDC_MINT } from "@/lib/api/assets";
import { chainInfo } from "@/lib/api/chains";
import { invalid } from "../errors";

/** One side of a Solana swap: SOL itself, or the devnet's seeded USDC mint. */
export interface SolanaSwapAsset {
  caip2: string;
  caip19: string;
  /** The SPL mint, or undefined for SOL. */
  mint: string | undefined;
  decimals: number;
  stable: boolean;
}

/** Whether a CAIP-19 names an asset on a Solana chain (so the Solana provider quotes it). */
export const isSolanaAsset = (caip19: string) =>
  chainInfo(caip19.slice(0, caip19.indexOf("/")))?.family === "svm";

/**
 * What a CAIP-19 names for the local Solana RFQ: `slip44:501` (SOL) or `token:<mint>` of the
 * devnet's seeded USDC. Mints are base58, so case is kept; anything else is refused by field.
 */
export function solanaSwapAsset(caip19: string, field: "inputToken" | "outputToken"): SolanaSwapAsset {
  const slash = caip19.indexOf("/");
  const info = chainInfo(caip19.slice(0, slash));
  if (info?.family !== "svm") throw invalid(`${caip19} is not an asset on a Solana chain`, field);
  const asset = caip19.slice(slash + 1);
  if (asset.toLowerCase() === "slip44:501") {
    return {
      caip2: info.caip2,
      caip19: `${info.caip2}/slip44:501`,
      mint: undefined,
      decimals: 9,
      stable: false,
    };
  }
  if (asset === `token:${DEVNET_USDC_MINT}`) {
    return {
      caip2: info.caip2,
      caip19: `${info.caip2}/${asset}`,
      mint: DEVNET_USDC_MINT,
      decimals: 6,
      stable: true,
    };
  }
  throw invalid(
    `${caip19} is not an asset the Solana market maker trades: use SOL (slip44:501) or the devnet USDC (token:${DEVNET_USDC_MINT})`,
    field,
  );
}

/** The local market maker's fixed price: 3,000 USDC per SOL, the EVM pools' seed price per ETH. */
export const USDC_PER_SOL = 3_000n;

/** What `amount` of `input` is worth in `output` at the fixed price, rounded down (before any fee). */
export function fixedRateOutput(input: SolanaSwapAsset, output: SolanaSwapAsset, amount: bigint): bigint {
  const solToUsdc = input.mint === undefined;
  // 1 SOL = 10^9 lamports = USDC_PER_SOL · 10^6 units.
  return solToUsdc
    ? (amount * USDC_PER_SOL * 10n ** BigInt(output.decimals)) / 10n ** BigInt(input.decimals)
    : (amount * 10n ** BigInt(output.decimals)) / (USDC_PER_SOL * 10n ** BigInt(input.decimals));
}
