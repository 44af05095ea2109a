import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { type SendTransactionRow, sendTransactions } from "../db/schema";
import { newId } from "../ids";
import { enqueue } from "../jobs/queue";

export type SendStatus = "PENDING" | "BROADCASTED" | "COMPLETED" | "FAILED";

export interface SendFailure {
  message: string;
  /** A contract's revert, outermost first, as the compatible API reports it. */
  revertChain?: { address?: string; errorType: string; displayMessage: string }[];
}

/** The job that takes a send from PENDING to a final status (server/sends/evm-send.ts). */
export const EVM_SEND_JOB = "evm-send";

/**
 * Accept a send inside the activity's transaction: its row and the job that will sign, broadcast
 * and follow it commit together with the activity, or not at all. Nothing touches the network here.
 */
export async function acceptSend(
  tx: DbOrTx,
  now: Date,
  send: { organizationId: string; activityId: string; caip2: string; fromAddress: string; request: object },
): Promise<string> {
  const id = newId(now.getTime());
  await tx.insert(sendTransactions).values({
    id,
    ...send,
    status: "PENDING",
    createdAt: now,
    updatedAt: now,
  });
  await enqueue(tx, now, EVM_SEND_JOB, { sendId: id }, { maxAttempts: 10 });
  return id;
}

export async function findSend(db: DbOrTx, id: string): Promise<SendTransactionRow | undefined> {
  const [row] = await db.select().from(sendTransactions).where(eq(sendTransactions.id, id));
  return row;
}

export async function updateSend(
  db: DbOrTx,
  id: string,
  now: Date,
  fields: Partial<
    Pick<SendTransactionRow, "signedTransaction" | "txHash" | "blockNumber" | "lastError" | "broadcastAt">
  > & {
    status?: SendStatus;
    error?: SendFailure;
  },
): Promise<void> {
  await db
    .update(sendTransactions)
    .set({ ...fields, updatedAt: now })
    .where(eq(sendTransactions.id, id));
}
