import { eq } from "drizzle-orm";
import { zeroAddress } from "viem";
import type { DbOrTx } from "../db/client";
import { swapConfigs } from "../db/schema";
import type { SwapAsset } from "./provider";

/** The client fee a swap between these two assets carries for this organization, and who gets it. */
export async function clientFeeFor(
  db: DbOrTx,
  organizationId: string,
  input: Pick<SwapAsset, "stable">,
  output: Pick<SwapAsset, "stable">,
): Promise<{ feeBps: number; feeReceiver: `0x${string}` }> {
  const [config] = await db.select().from(swapConfigs).where(eq(swapConfigs.organizationId, organizationId));
  if (!config?.feeReceiverAddress) return { feeBps: 0, feeReceiver: zeroAddress };
  const stablePair = input.stable && output.stable;
  const feeBps = stablePair && config.stableFeeBps !== null ? config.stableFeeBps : config.feeBps;
  return { feeBps, feeReceiver: config.feeReceiverAddress as `0x${string}` };
}
