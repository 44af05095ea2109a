import { eq } from "drizzle-orm";
import type { AppContext } from "../context";
import type { DbOrTx, Tx } from "../db/client";
import { type EmailMessageRow, emailMessages } from "../db/schema";
import { enqueue } from "../jobs/queue";
import type { JobHandler, JobOutcome } from "../jobs/worker";
import { shredMailBody } from "../signer/sealed-mail";

/**
 * How long an outbox message's sealed body lives. Most are shredded once delivered or given up. A
 * one-time code's is kept until its flow expires (resendableUntil), so support can resend a code
 * the user never got, and is shredded then — by this job, or sooner when the flow is verified or
 * locked (server/otp/flows.ts) — so nothing readable outlives the code's use.
 */
export const EMAIL_BODY_SHRED_JOB = "email-body-shred";

/** Inside the enqueueing transaction: shred the body at `until`, whatever happens before. */
export async function scheduleBodyShred(tx: Tx, now: Date, messageId: string, until: Date | undefined) {
  if (!until) return;
  await enqueue(tx, now, EMAIL_BODY_SHRED_JOB, { messageId }, { runAt: until });
}

/** A final delivery outcome: shred the body unless it may still be resent. */
export async function shredUnlessResendable(
  db: DbOrTx,
  message: Pick<EmailMessageRow, "id" | "resendableUntil">,
  now: Date,
): Promise<void> {
  if (message.resendableUntil && message.resendableUntil > now) return;
  await shredMailBody(db, message.id);
}

async function shredExpired(app: AppContext, job: { payload: unknown }): Promise<JobOutcome> {
  const { messageId } = job.payload as { messageId: string };
  const [message] = await app.db
    .select({ id: emailMessages.id, status: emailMessages.status })
    .from(emailMessages)
    .where(eq(emailMessages.id, messageId));
  // A message still being delivered is shredded by its own final outcome, which comes after this.
  if (message && message.status !== "QUEUED") await shredMailBody(app.db, message.id);
  return { done: true };
}

export const BODY_JOB_HANDLERS: Record<string, JobHandler> = { [EMAIL_BODY_SHRED_JOB]: shredExpired };
