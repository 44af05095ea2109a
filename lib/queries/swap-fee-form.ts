import { z } from "zod";
import { ZUpsertSwapConfigParams } from "@/lib/api/swaps";

const upsert = ZUpsertSwapConfigParams.shape;
/** An Ethereum address, or nothing: the server checks it is an account of this organization. */
const ZReceiver = z
  .string()
  .trim()
  .regex(/^(0x[0-9a-fA-F]{40})?$/, "must be a 0x-prefixed Ethereum address, or empty to turn fees off")
  .pipe(upsert.feeReceiverWalletAddress.unwrap());

/**
 * The config form: the server's own bps rules (digits, at most 1000), so nothing out of range
 * reaches the passkey prompt. An empty stablecoin fee is left out: the server keeps its value.
 */
export const ZSwapConfigForm = z
  .object({
    feeReceiverWalletAddress: ZReceiver,
    feeBps: z.string().trim().pipe(upsert.feeBps.unwrap()),
    stableFeeBps: z
      .string()
      .trim()
      .pipe(z.union([z.literal(""), upsert.stableFeeBps.unwrap()])),
  })
  .transform(({ stableFeeBps, ...rest }) => ({ ...rest, ...(stableFeeBps ? { stableFeeBps } : {}) }));
export type TSwapConfigForm = z.output<typeof ZSwapConfigForm>;
