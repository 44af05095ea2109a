import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { type EarnRequestRow, earnRequests } from "../db/schema";
import { newId } from "../ids";
import { enqueue } from "../jobs/queue";
import { emitEarnStatus } from "../webhooks/domain-events";

/** The Earn operations a request id can stand for (earn_requests.kind). */
export type EarnRequestKind = "DEPLOY" | "SET_STATE" | "CLAIM" | "DEPOSIT" | "WITHDRAW";

/** The job that signs and follows an operator-sent Earn transaction (operator-send.ts). */
export const EARN_OPERATOR_JOB = "earn-operator-send";

export interface EarnRequestInput {
  organizationId: string;
  activityId: string;
  kind: EarnRequestKind;
  caip2: string;
  wrapperAddress: string;
  walletAddress?: string;
  assets?: string;
  sendId?: string;
  /** An operator-sent request: the call the job signs as the Earn operator. */
  call?: { to: string; data: string };
}

/**
 * Record an Earn request in the activity's transaction. An operator call gets its job in the same
 * transaction, so the request and the work that confirms it commit together or not at all.
 */
export async function acceptEarnRequest(tx: DbOrTx, now: Date, input: EarnRequestInput): Promise<string> {
  const id = newId(now.getTime());
  await tx.insert(earnRequests).values({
    id,
    ...input,
    status: "PENDING",
    createdAt: now,
    updatedAt: now,
  });
  if (input.call) await enqueue(tx, now, EARN_OPERATOR_JOB, { requestId: id }, { maxAttempts: 10 });
  return id;
}

export async function findEarnRequest(db: DbOrTx, id: string): Promise<EarnRequestRow | undefined> {
  const [row] = await db.select().from(earnRequests).where(eq(earnRequests.id, id));
  return row;
}

export async function updateEarnRequest(
  db: DbOrTx,
  id: string,
  now: Date,
  fields: Partial<Pick<EarnRequestRow, "status" | "signedTransaction" | "txHash" | "error">>,
): Promise<void> {
  const [row] = await db
    .update(earnRequests)
    .set({ ...fields, updatedAt: now })
    .where(eq(earnRequests.id, id))
    .returning();
  if (fields.status && row) await emitEarnStatus(db, now, row);
}
