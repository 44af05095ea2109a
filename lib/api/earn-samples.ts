import { z } from "zod";
import { ZId } from "./common";
import { EARN_CAIP2S } from "./earn-wrappers";

/** The most samples one answer carries: a month of the default 15-minute samples, and some. */
export const EARN_SAMPLES_MAX = 3000;

/**
 * Latchkey extension list_earn_vault_samples: an enabled vault's APY and TVL over time, as the
 * earn-samples job recorded them (the chain only knows the present).
 */
export const ZListEarnVaultSamplesRequest = z.object({
  organizationId: ZId,
  wrapperAddress: z.string().regex(/^0x[0-9a-fA-F]{40}$/, "must be a 0x-prefixed 20-byte hex address"),
  chainCaip2: z.enum(EARN_CAIP2S, { message: `must be one of ${EARN_CAIP2S.join(", ")}` }).optional(),
  /** Only samples at or after this time, Unix milliseconds as a string (default: all kept). */
  sinceMs: z
    .string()
    .regex(/^\d{1,15}$/, "must be Unix milliseconds, as a string of digits")
    .optional(),
  /** The newest this many (default and cap EARN_SAMPLES_MAX). */
  limit: z.number().int().min(1).max(EARN_SAMPLES_MAX).optional(),
});

export const ZEarnVaultSample = z.object({
  /** Unix milliseconds, as a string. */
  sampledAtMs: z.string(),
  apyPct: z.string(),
  netApyPct: z.string(),
  /** The wrapper's assets (the organization's deposits plus their yield), base units. */
  totalDeposited: z.string(),
  totalDepositedUsd: z.string().optional(),
  /** The underlying vault's TVL, base units. */
  vaultTvl: z.string(),
  vaultTvlUsd: z.string().optional(),
});
export type TEarnVaultSample = z.infer<typeof ZEarnVaultSample>;

export const ZListEarnVaultSamplesResponse = z.object({
  wrapperAddress: z.string(),
  /** The vault's asset, to read the amounts in whole units. */
  symbol: z.string(),
  decimals: z.number().int(),
  /** How often the job samples, so a reader can tell a gap from a schedule. */
  intervalSeconds: z.number().int(),
  samples: z.array(ZEarnVaultSample),
});

/**
 * Latchkey extension list_earn_position_samples: one wallet's position in one wrapper over time
 * (what its shares redeemed for at each sample), recorded by the same job as the vault samples.
 */
export const ZListEarnPositionSamplesRequest = ZListEarnVaultSamplesRequest.extend({
  walletAddress: z.string().regex(/^0x[0-9a-fA-F]{40}$/, "must be a 0x-prefixed 20-byte hex address"),
});

export const ZEarnPositionSample = z.object({
  /** Unix milliseconds, as a string. */
  sampledAtMs: z.string(),
  /** The wrapper shares held, base units of the shares. */
  shares: z.string(),
  /** What those shares redeemed for, net of fees, base units of the asset. */
  currentValue: z.string(),
  currentValueUsd: z.string().optional(),
});
export type TEarnPositionSample = z.infer<typeof ZEarnPositionSample>;

export const ZListEarnPositionSamplesResponse = z.object({
  wrapperAddress: z.string(),
  walletAddress: z.string(),
  symbol: z.string(),
  decimals: z.number().int(),
  intervalSeconds: z.number().int(),
  samples: z.array(ZEarnPositionSample),
});
