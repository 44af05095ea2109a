import { eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { type EmailMessageRow, emailMessages, type JobRow } from "../db/schema";
import type { JobHandler, JobOutcome } from "../jobs/worker";
import { withMailBody } from "../signer/sealed-mail";
import { BODY_JOB_HANDLERS, shredUnlessResendable } from "./body-lifetime";
import { MailRefused } from "./mailer";
import { EMAIL_DELIVERY_JOB, findEmail, recordEmailEvent } from "./outbox";

const short = (text: string) => text.slice(0, 500);

/** A final outcome: the row says so, an event records it, and the sealed body is shredded (a code's: at its flow's end). */
async function finish(
  app: AppContext,
  message: EmailMessageRow,
  outcome: { status: "SENT" | "FAILED"; detail: string },
): Promise<void> {
  const now = app.clock.now();
  await app.db.transaction(async (tx) => {
    await tx
      .update(emailMessages)
      .set({
        status: outcome.status,
        updatedAt: now,
        ...(outcome.status === "SENT"
          ? { sentAt: now, smtpResponse: outcome.detail, lastError: null }
          : { lastError: outcome.detail }),
      })
      .where(eq(emailMessages.id, message.id));
    await recordEmailEvent(
      tx,
      message,
      outcome.status === "SENT" ? "Delivery" : "Bounce",
      outcome.detail,
      now,
    );
    await shredUnlessResendable(tx, message, now);
  });
}

/**
 * Deliver one queued message over SMTP, outside any transaction (a network call must never hold
 * PGlite's only connection). Accepted → SENT; a 5xx refusal → FAILED at once (retrying cannot
 * help); anything else (server down, 4xx) is a DeliveryDelay and the job retries with backoff
 * until LATCHKEY_EMAIL_MAX_ATTEMPTS, then FAILED.
 */
async function deliver(app: AppContext, job: JobRow): Promise<JobOutcome> {
  const { emailId } = job.payload as { emailId: string };
  const message = await findEmail(app.db, emailId);
  if (message?.status !== "QUEUED") return { done: true };
  try {
    const { response } = await withMailBody(
      app.db,
      app.keyring,
      message.organizationId,
      message.id,
      async (body) => {
        if (!body) throw new MailRefused("the message body is gone (shredded); it cannot be sent again");
        return app.mailer.send({
          from: message.fromAddress,
          to: message.toAddress,
          replyTo: body.replyTo,
          subject: message.subject,
          text: body.text,
          html: body.html,
          messageId: message.messageId,
        });
      },
    );
    await finish(app, message, { status: "SENT", detail: short(response) });
    return { done: true };
  } catch (error) {
    const reason = short(error instanceof Error ? error.message : String(error));
    if (error instanceof MailRefused) {
      await finish(app, message, { status: "FAILED", detail: reason });
      return { done: true };
    }
    const now = app.clock.now();
    await app.db
      .update(emailMessages)
      .set({ attempts: job.attempts, lastError: reason, updatedAt: now })
      .where(eq(emailMessages.id, message.id));
    await recordEmailEvent(app.db, message, "DeliveryDelay", reason, now);
    throw error;
  }
}

async function giveUp(app: AppContext, job: JobRow, error: string): Promise<void> {
  const { emailId } = job.payload as { emailId: string };
  const message = await findEmail(app.db, emailId);
  if (message && message.status === "QUEUED") {
    await finish(app, message, {
      status: "FAILED",
      detail: `gave up after ${job.attempts} attempts: ${short(error)}`,
    });
  }
}

export const MAIL_JOB_HANDLERS: Record<string, JobHandler & { onGiveUp?: typeof giveUp }> = {
  [EMAIL_DELIVERY_JOB]: Object.assign(deliver, { onGiveUp: giveUp }),
  ...BODY_JOB_HANDLERS,
};
