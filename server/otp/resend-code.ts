import { and, eq } from "drizzle-orm";
import type { Tx } from "../db/client";
import { type EmailMessageRow, emailMessages, otpFlows } from "../db/schema";
import { invalid, notFound } from "../errors";
import { enqueue } from "../jobs/queue";
import { EMAIL_DELIVERY_JOB, recordEmailEvent } from "../mail/outbox";
import { hasMailBody } from "../signer/sealed-mail";
import { SMS_DELIVERY_JOB } from "../sms/outbox";

/** A user who got none of four deliveries needs a new flow, not a fifth. */
export const MAX_RESENDS = 3;

/** The message, locked for this transaction, so two resends of it cannot both pass. */
export async function lockOutboxMessage(tx: Tx, organizationId: string, messageId: string) {
  const [message] = await tx
    .select()
    .from(emailMessages)
    .where(and(eq(emailMessages.id, messageId), eq(emailMessages.organizationId, organizationId)))
    .for("update");
  if (!message) throw notFound("outbox message", messageId);
  return message;
}

const refuse = (message: EmailMessageRow, why: string) =>
  invalid(`outbox message ${message.id} cannot be resent: ${why}`, "parameters.messageId");

/**
 * Deliver a one-time code's message again, exactly as first written (same code: a new one would be
 * a new flow), while that code can still be used: its flow is open (not verified, not locked, not
 * expired), at most MAX_RESENDS times. Other messages are never resent — their bodies were
 * shredded once delivered, and a mailed credential should be asked for again, not repeated.
 */
export async function resendCode(tx: Tx, message: EmailMessageRow, now: Date) {
  if (message.status === "QUEUED")
    throw refuse(message, "it is still queued for delivery; wait for its outcome");
  if (!message.resendableUntil) {
    throw refuse(
      message,
      `only messages carrying a one-time code can be resent, and this one is ${message.purpose}`,
    );
  }
  const [flow] = await tx.select().from(otpFlows).where(eq(otpFlows.emailMessageId, message.id));
  if (!flow || message.resendableUntil <= now || flow.expiresAt <= now) {
    throw refuse(
      message,
      `its code expired at ${message.resendableUntil.toISOString()}; the user must start a new flow`,
    );
  }
  if (flow.status !== "PENDING") {
    throw refuse(
      message,
      `its code was already ${flow.status === "VERIFIED" ? "used" : "locked after wrong codes"}`,
    );
  }
  if (message.resends >= MAX_RESENDS) {
    throw refuse(message, `it was resent ${MAX_RESENDS} times already; the user should start a new flow`);
  }
  if (!(await hasMailBody(tx, message.id))) throw refuse(message, "its body is gone (shredded)");
  await tx
    .update(emailMessages)
    .set({ status: "QUEUED", attempts: 0, lastError: null, resends: message.resends + 1, updatedAt: now })
    .where(eq(emailMessages.id, message.id));
  if (message.channel === "SMS") {
    await enqueue(tx, now, SMS_DELIVERY_JOB, { messageId: message.id });
  } else {
    await recordEmailEvent(tx, message, "Send", "resent", now);
    await enqueue(tx, now, EMAIL_DELIVERY_JOB, { emailId: message.id });
  }
  return { messageId: message.id, status: "QUEUED" as const, resends: message.resends + 1 };
}
