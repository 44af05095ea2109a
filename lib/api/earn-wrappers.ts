import { z } from "zod";
import { ZId } from "./common";
import { EARN_PROVIDERS, ZEarnCaip19, ZEarnProvider, ZEarnValueDisplay } from "./earn";

/** The chains the reference lists for Earn; the server serves the first four (local-world.ts). */
export const EARN_CAIP2S = [
  "eip155:1",
  "eip155:8453",
  "eip155:42161",
  "eip155:137",
  "eip155:56",
  "eip155:4217",
] as const;
const ZEarnCaip2 = z.enum(EARN_CAIP2S, { message: `must be one of ${EARN_CAIP2S.join(", ")}` });
const ZEvmAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/, "must be a 0x-prefixed 20-byte hex address");
/** An amount in base units: a positive whole number (zero moves nothing and is refused). */
const ZPositiveAmount = z
  .string()
  .regex(/^\d{1,78}$/, "must be a whole number of base units, as a string of digits")
  // Refinements run even when the pattern failed: BigInt only what is digits.
  .refine((s) => !/^\d+$/.test(s) || BigInt(s) > 0n, "must be greater than zero")
  .refine((s) => !/^\d+$/.test(s) || BigInt(s) < 2n ** 256n, "must fit in 256 bits");

export const ZEarnDeployWrapperParams = z.object({
  vaultAddress: ZEvmAddress,
  chainCaip2: ZEarnCaip2,
  clientFeeBps: z
    .string()
    .regex(/^\d{1,6}$/, "must be a whole number of basis points, as a string")
    .refine((s) => Number(s) <= 4000, "must be at most 4000 (the client fee cap: 40% of the yield)"),
  clientFeeWallet: ZEvmAddress,
});
export const ZEarnDeployWrapperResult = z.object({
  wrapperAddress: z.string(),
  splitterAddress: z.string(),
  deployRequestId: z.string(),
});

export const ZEarnDepositParams = z.object({
  wrapperAddress: ZEvmAddress,
  signWith: ZEvmAddress,
  assets: ZPositiveAmount,
  chainCaip2: ZEarnCaip2,
  sponsor: z.boolean().optional(),
});

export const ZEarnWithdrawParams = z.object({
  wrapperAddress: ZEvmAddress,
  signWith: ZEvmAddress,
  chainCaip2: ZEarnCaip2,
  sponsor: z.boolean().optional(),
  /** Base units of the underlying asset, or MAX for the whole position. */
  amountValue: z.union([z.literal("MAX"), ZPositiveAmount], {
    message: "must be a positive whole number of base units, or MAX",
  }),
});

export const ZEarnSetWrapperStateParams = z.object({
  wrapperAddress: ZEvmAddress,
  depositsDisabled: z.boolean(),
});
export const ZClaimEarnFeesParams = z.object({ wrapperAddress: ZEvmAddress });

/** The four status queries share one answer shape; only the id's and the hash's names differ. */
export const EARN_STATUSES = ["PENDING", "COMPLETED", "FAILED"] as const;
const status = <H extends string>(hashKey: H) =>
  z.object({ status: z.enum(EARN_STATUSES), error: z.string().optional() }).extend({
    [hashKey]: z.string().optional(),
  } as Record<H, z.ZodOptional<z.ZodString>>);
export const ZGetEarnDeployStatusResponse = status("deployTxHash");
export const ZGetEarnDepositStatusResponse = status("depositTxHash");
export const ZGetEarnWithdrawStatusResponse = status("withdrawTxHash");
export const ZGetClaimEarnFeesStatusResponse = status("claimTxHash");

export const ZListEarnEnabledVaultsRequest = z.object({
  organizationId: ZId,
  provider: z.enum(["EARN_PROVIDER_UNSPECIFIED", ...EARN_PROVIDERS]).optional(),
  caip19: ZEarnCaip19.optional(),
});
export const ZEarnEnabledVault = z.object({
  vaultAddress: z.string(),
  wrapperAddress: z.string(),
  provider: ZEarnProvider,
  caip19: z.string(),
  apyPct: z.string(),
  netApyPct: z.string(),
  totalDeposited: z.string(),
  display: ZEarnValueDisplay,
  clientFeeBps: z.string(),
  clientFeeWallet: z.string(),
  depositsDisabled: z.boolean(),
  name: z.string(),
  curator: z.string(),
  claimableClientFee: z.string(),
  claimableClientFeeDisplay: ZEarnValueDisplay,
});
export type TEarnEnabledVault = z.infer<typeof ZEarnEnabledVault>;
export const ZListEarnEnabledVaultsResponse = z.object({ enabledVaults: z.array(ZEarnEnabledVault) });

export const ZListEarnPositionsRequest = z.object({ organizationId: ZId, walletAddress: ZEvmAddress });
export const ZEarnPosition = z.object({
  vaultAddress: z.string(),
  wrapperAddress: z.string(),
  provider: ZEarnProvider,
  caip19: z.string(),
  currentValue: z.string(),
  totalDeposited: z.string(),
  totalWithdrawn: z.string(),
  display: z.object({
    currentValueUsd: z.string().optional(),
    totalDepositedUsd: z.string().optional(),
    totalWithdrawnUsd: z.string().optional(),
    currentValueCrypto: z.string(),
    totalDepositedCrypto: z.string(),
    totalWithdrawnCrypto: z.string(),
  }),
  depositsDisabled: z.boolean(),
});
export type TEarnPosition = z.infer<typeof ZEarnPosition>;
export const ZListEarnPositionsResponse = z.object({ positions: z.array(ZEarnPosition) });
