import { z } from "zod";
import { ZId, ZPagination } from "./common";

/** The reference's EarnProvider values (Morpho is served; Aave is announced, both exist locally). */
export const EARN_PROVIDERS = ["EARN_PROVIDER_MORPHO", "EARN_PROVIDER_AAVE"] as const;
export const ZEarnProvider = z.enum(EARN_PROVIDERS);
export type TEarnProvider = z.infer<typeof ZEarnProvider>;

/** An ERC-20 asset as CAIP-19, the only kind Earn vaults hold. */
export const ZEarnCaip19 = z
  .string()
  .regex(
    /^eip155:\d{1,12}\/erc20:0x[0-9a-fA-F]{40}$/,
    "must be an ERC-20 asset as CAIP-19: eip155:<chain id>/erc20:<0x address>",
  );

export const ZListEarnVaultsRequest = z.object({
  organizationId: ZId,
  caip19: ZEarnCaip19,
  /** EARN_PROVIDER_UNSPECIFIED (or nothing) lists every provider's vaults. */
  provider: z.enum(["EARN_PROVIDER_UNSPECIFIED", ...EARN_PROVIDERS]).optional(),
  paginationOptions: ZPagination,
});

/** For people only: decimal strings of an amount in its own units and in USD (when priced). */
export const ZEarnValueDisplay = z.object({ crypto: z.string(), usd: z.string().optional() });

export const ZEarnVault = z.object({
  vaultAddress: z.string(),
  provider: ZEarnProvider,
  caip19: z.string(),
  /** Raw base units of the underlying asset. */
  tvl: z.string(),
  /** A decimal fraction: "0.0650" is 6.5%. */
  apyPct: z.string(),
  enabled: z.boolean(),
  display: ZEarnValueDisplay,
  name: z.string(),
  curator: z.string(),
});
export type TEarnVault = z.infer<typeof ZEarnVault>;

export const ZEarnPageInfo = z.object({
  hasNextPage: z.boolean(),
  hasPreviousPage: z.boolean(),
  startCursor: z.string().optional(),
  endCursor: z.string().optional(),
});

export const ZListEarnVaultsResponse = z.object({ vaults: z.array(ZEarnVault), pageInfo: ZEarnPageInfo });
