import { z } from "zod";
import { ZId } from "./common";

/** Base units: a positive integer as a decimal string, at most 78 digits (a uint256). */
const ZAmount = z
  .string()
  .regex(/^\d{1,78}$/, "must be a non-negative integer in base units, as a decimal string");
const ZBps = (max: number) =>
  z
    .string()
    .regex(/^\d{1,5}$/, "must be basis points as a decimal string")
    .refine((v) => Number(v) <= max, { message: `must be at most ${max} basis points` });
/** CAIP-19, e.g. `eip155:1/erc20:0x…` or `eip155:1/slip44:60`; whether it is swappable is the server's call. */
const ZCaip19 = z
  .string()
  .min(3)
  .max(200)
  .regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,64}\/[-a-z0-9]{3,8}:[-.%a-zA-Z0-9]{1,128}$/, {
    message: "must be a CAIP-19 asset id such as eip155:1/erc20:0x… or eip155:1/slip44:60",
  });

/** The most a quote may allow the price to move (50 %): beyond it, a minimum means nothing. */
export const MAX_SLIPPAGE_BPS = 5000;
/** The highest client fee (10 %): LocalSwapPools refuses more. */
export const MAX_SWAP_FEE_BPS = 1000;

export const ZCreateSwapQuoteParams = z.object({
  signWith: z.string().min(1).max(128),
  inputToken: ZCaip19,
  outputToken: ZCaip19,
  inputAmount: ZAmount,
  slippageBps: ZBps(MAX_SLIPPAGE_BPS).optional(),
});
export type TCreateSwapQuoteParams = z.infer<typeof ZCreateSwapQuoteParams>;

export const ZSwapQuote = z.object({
  quoteId: z.string(),
  provider: z.string(),
  outputAmount: z.string(),
  minOutputAmount: z.string(),
  expiresAt: z.string(),
  slippageBps: z.string().optional(),
  clientFeeBps: z.string(),
  estimatedTimeSeconds: z.string().optional(),
});
export type TSwapQuote = z.infer<typeof ZSwapQuote>;

export const ZExecuteSwapParams = z.object({
  quoteId: z.string().min(1).max(64),
  inputToken: ZCaip19,
  inputAmount: ZAmount,
  outputToken: ZCaip19,
  quotedOutputAmount: ZAmount,
  minOutputAmount: ZAmount,
  sponsor: z.boolean(),
  evmNonce: z
    .string()
    .regex(/^\d{1,19}$/, "must be a non-negative integer as a decimal string")
    .optional(),
  recentBlockhash: z.string().optional(),
  gasStationNonce: z
    .string()
    .regex(/^\d{1,19}$/, "must be a non-negative integer as a decimal string")
    .optional(),
});
export type TExecuteSwapParams = z.infer<typeof ZExecuteSwapParams>;

export const ZUpsertSwapConfigParams = z.object({
  feeReceiverWalletAddress: z.string().max(128).optional(),
  feeBps: ZBps(MAX_SWAP_FEE_BPS).optional(),
  stableFeeBps: ZBps(MAX_SWAP_FEE_BPS).optional(),
});
export type TUpsertSwapConfigParams = z.infer<typeof ZUpsertSwapConfigParams>;

export const ZGetSwapStatusRequest = z.object({
  organizationId: ZId,
  swapRequestId: z.string().min(1).max(64),
});

export const ZSwapStatus = z.object({
  status: z.enum(["PENDING", "COMPLETED", "FAILED"]),
  swapKind: z.enum(["SAME_CHAIN", "CROSS_CHAIN"]),
  provider: z.string(),
  inputToken: z.string(),
  outputToken: z.string(),
  inputAmount: z.string(),
  originTxHash: z.string().optional(),
  destinationTxHashes: z.array(z.string()).optional(),
  outputAmount: z.string().optional(),
  /** A cross-chain fill that could not complete: what the provider sent back on the origin chain. */
  refund: z.object({ asset: z.string(), amount: z.string(), txHash: z.string().optional() }).optional(),
  updatedAt: z.string(),
  error: z
    .object({
      reason: z.enum(["ORIGIN_TRANSACTION_FAILED", "PROVIDER_FILL_FAILED"]),
      message: z.string(),
      providerReason: z.string().optional(),
    })
    .optional(),
});
export type TSwapStatus = z.infer<typeof ZSwapStatus>;
