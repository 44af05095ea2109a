import { eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { type EmailMessageRow, emailMessages, type JobRow } from "../db/schema";
import type { JobHandler, JobOutcome } from "../jobs/worker";
import { shredUnlessResendable } from "../mail/body-lifetime";
import { findEmail } from "../mail/outbox";
import { withMailBody } from "../signer/sealed-mail";
import { SMS_DELIVERY_JOB } from "./outbox";
import { SmsRefused } from "./provider";

const short = (text: string) => text.slice(0, 500);

/** A final outcome: the row says so; the sealed body (it holds the code) is shredded, or kept while it may be resent. */
async function finish(app: AppContext, message: EmailMessageRow, status: "SENT" | "FAILED", detail: string) {
  const now = app.clock.now();
  await app.db.transaction(async (tx) => {
    await tx
      .update(emailMessages)
      .set({
        status,
        updatedAt: now,
        ...(status === "SENT"
          ? { sentAt: now, smtpResponse: detail, lastError: null }
          : { lastError: detail }),
      })
      .where(eq(emailMessages.id, message.id));
    await shredUnlessResendable(tx, message, now);
  });
}

/**
 * Hand one queued text message to the provider, outside any transaction. Accepted → SENT; a
 * refusal for good (SmsRefused) → FAILED at once; anything else (timeout, 5xx, 429) is kept as
 * the row's last error and retried with backoff until LATCHKEY_SMS_MAX_ATTEMPTS, then FAILED.
 */
async function deliver(app: AppContext, job: JobRow): Promise<JobOutcome> {
  const { messageId } = job.payload as { messageId: string };
  const message = await findEmail(app.db, messageId);
  if (message?.status !== "QUEUED") return { done: true };
  try {
    const { response } = await withMailBody(
      app.db,
      app.keyring,
      message.organizationId,
      message.id,
      (body) => {
        if (!body) throw new SmsRefused("the message body is gone (shredded); it cannot be sent again");
        return app.sms.send({ to: message.toAddress, body: body.text, messageId: message.messageId });
      },
    );
    await finish(app, message, "SENT", short(response));
    return { done: true };
  } catch (error) {
    const reason = short(error instanceof Error ? error.message : String(error));
    if (error instanceof SmsRefused) {
      await finish(app, message, "FAILED", reason);
      return { done: true };
    }
    await app.db
      .update(emailMessages)
      .set({ attempts: job.attempts, lastError: reason, updatedAt: app.clock.now() })
      .where(eq(emailMessages.id, message.id));
    throw error;
  }
}

async function giveUp(app: AppContext, job: JobRow, error: string): Promise<void> {
  const { messageId } = job.payload as { messageId: string };
  const message = await findEmail(app.db, messageId);
  if (message?.status === "QUEUED") {
    await finish(app, message, "FAILED", `gave up after ${job.attempts} attempts: ${short(error)}`);
  }
}

export const SMS_JOB_HANDLERS: Record<string, JobHandler & { onGiveUp?: typeof giveUp }> = {
  [SMS_DELIVERY_JOB]: Object.assign(deliver, { onGiveUp: giveUp }),
};
