import { z } from "zod";
import { canonicalCaip2, chainInfo } from "./chains";
import { ZId } from "./common";

/** Any chain this server serves, in any accepted spelling, normalised to its canonical CAIP-2 id. */
export const ZServedCaip2 = z
  .string()
  .refine((caip2) => chainInfo(caip2) !== undefined, {
    message: "must be a chain this server serves (six EVM chains, Solana mainnet and devnet)",
  })
  .transform((caip2) => canonicalCaip2(caip2)!);

export const ZAssetMetadata = z.object({
  caip19: z.string(),
  symbol: z.string(),
  decimals: z.number().int(),
  name: z.string(),
  stable: z.boolean(),
  logoUrl: z.string().optional(),
});
export type TAssetMetadata = z.infer<typeof ZAssetMetadata>;

export const ZAssetBalance = z.object({
  caip19: z.string(),
  symbol: z.string(),
  name: z.string(),
  decimals: z.number().int(),
  balance: z.string(),
  display: z.object({ crypto: z.string(), usd: z.string().optional() }),
});
export type TAssetBalance = z.infer<typeof ZAssetBalance>;

export const ZListSupportedAssetsRequest = z.object({ organizationId: ZId, caip2: ZServedCaip2 });
export const ZListSupportedAssetsResponse = z.object({ assets: z.array(ZAssetMetadata) });
export const ZGetWalletAddressBalancesRequest = z.object({
  organizationId: ZId,
  address: z.string().min(1).max(128),
  caip2: ZServedCaip2,
});
export const ZGetWalletAddressBalancesResponse = z.object({ balances: z.array(ZAssetBalance) });

/** The chain's native coin as CAIP-19 (SLIP-44 coin type 60 on every EVM chain, 501 on Solana). */
export function nativeAsset(caip2: string): TAssetMetadata {
  const info = chainInfo(caip2)!;
  return {
    caip19: `${info.caip2}/slip44:${info.family === "evm" ? 60 : 501}`,
    symbol: info.nativeSymbol,
    decimals: info.nativeDecimals,
    name:
      info.family === "evm" ? (info.nativeSymbol === "POL" ? "Polygon Ecosystem Token" : "Ether") : "Solana",
    stable: false,
  };
}

/**
 * The USDC-like SPL mint (6 decimals) seeded on every local Solana devnet, at an address derived from
 * a public seed string (server/chains/devnets/svm/seeded-keys.ts): a development token, worth nothing.
 */
export const DEVNET_USDC_MINT = "3gJETZR8SPiFfNTUS5mwmXy8JhDcL6LcdrNkJJg6JkSK";

export function devnetUsdcAsset(caip2: string): TAssetMetadata {
  return {
    caip19: `${canonicalCaip2(caip2)}/token:${DEVNET_USDC_MINT}`,
    symbol: "USDC",
    decimals: 6,
    name: "USD Coin (Latchkey devnet)",
    stable: true,
  };
}

/** Base units as a decimal string for people ("1.5"), never for arithmetic. */
export function displayAmount(units: bigint, decimals: number): string {
  const scale = 10n ** BigInt(decimals);
  const whole = units / scale;
  const fraction = (units % scale).toString().padStart(decimals, "0").replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : whole.toString();
}
