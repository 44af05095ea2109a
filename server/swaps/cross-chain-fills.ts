import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { type CrossChainLeg, type SwapCrossChainFillRow, swapCrossChainFills } from "../db/schema";
import { newId } from "../ids";
import { enqueue } from "../jobs/queue";

export const CROSS_CHAIN_JOB = "swap-cross-chain";

export type FillStatus = "AWAITING_DEPOSIT" | "FILLING" | "COMPLETED" | "REFUNDING" | "REFUNDED" | "FAILED";

/**
 * Accept a cross-chain fill inside execute_swap's transaction, beside the deposit's send: the fill's
 * row and its job commit with the activity, or neither exists.
 */
export async function acceptCrossChainFill(
  tx: DbOrTx,
  now: Date,
  fill: { organizationId: string; quoteId: string; sendId: string },
): Promise<string> {
  const id = newId(now.getTime());
  await tx.insert(swapCrossChainFills).values({
    id,
    ...fill,
    status: "AWAITING_DEPOSIT" satisfies FillStatus,
    legs: [],
    createdAt: now,
    updatedAt: now,
  });
  // Its attempts count errors only (a node that does not answer): waiting for a block is a poll.
  await enqueue(tx, now, CROSS_CHAIN_JOB, { fillId: id }, { maxAttempts: 10 });
  return id;
}

export async function findFill(db: DbOrTx, id: string): Promise<SwapCrossChainFillRow | undefined> {
  const [row] = await db.select().from(swapCrossChainFills).where(eq(swapCrossChainFills.id, id));
  return row;
}

export async function findFillOfQuote(
  db: DbOrTx,
  quoteId: string,
): Promise<SwapCrossChainFillRow | undefined> {
  const [row] = await db.select().from(swapCrossChainFills).where(eq(swapCrossChainFills.quoteId, quoteId));
  return row;
}

export async function updateFill(
  db: DbOrTx,
  id: string,
  now: Date,
  fields: { status?: FillStatus; legs?: CrossChainLeg[]; outputAmount?: string | null; reason?: string },
): Promise<void> {
  await db
    .update(swapCrossChainFills)
    .set({ ...fields, updatedAt: now })
    .where(eq(swapCrossChainFills.id, id));
}
