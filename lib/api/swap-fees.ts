import { z } from "zod";

/**
 * Latchkey extension get_swap_config: the organization's swap fee settings as upsert_swap_config
 * left them (the reference can set them but has no query to read them back). An organization that
 * never set them answers the defaults: no receiver, no fee.
 */
export const ZGetSwapConfigResponse = z.object({
  swapConfig: z.object({
    /** The Ethereum wallet account fees accrue to; "" when fees are off. */
    feeReceiverWalletAddress: z.string(),
    feeBps: z.string(),
    /** The fee when both sides are stablecoins; absent: feeBps applies to them too. */
    stableFeeBps: z.string().optional(),
  }),
});
export type TSwapConfig = z.infer<typeof ZGetSwapConfigResponse>["swapConfig"];

export const ZAccruedSwapFee = z.object({
  caip2: z.string(),
  /** The token the fee was taken in (swaps take it from their output). */
  caip19: z.string(),
  symbol: z.string(),
  decimals: z.number().int(),
  /** Owed to the receiver and not yet claimed, base units. */
  amount: z.string(),
});
export type TAccruedSwapFee = z.infer<typeof ZAccruedSwapFee>;

/**
 * Latchkey extension list_swap_fees: what the swap provider holds for the current fee receiver,
 * read from the chain, per chain its swaps ran on and per token it trades — zeros included, so a
 * reader sees a claim bring them to zero.
 */
export const ZListSwapFeesResponse = z.object({
  feeReceiverWalletAddress: z.string(),
  fees: z.array(ZAccruedSwapFee),
});
