import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { DbOrTx, Tx } from "../db/client";
import { emailEvents, emailMessages } from "../db/schema";
import { newId } from "../ids";
import { enqueue } from "../jobs/queue";
import type { MasterKeyring } from "../signer/keyring";
import { sealMailBody } from "../signer/sealed-mail";
import { scheduleBodyShred } from "./body-lifetime";

export const EMAIL_DELIVERY_JOB = "email-delivery";

/** The reference's e-mail event types, as list_email_events reports them. */
export type EmailEventType = "Send" | "Delivery" | "DeliveryDelay" | "Bounce";

export interface NewEmail {
  organizationId: string;
  purpose: string;
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
}

export async function recordEmailEvent(
  db: DbOrTx,
  message: { id: string; organizationId: string; fromAddress: string; toAddress: string },
  eventType: EmailEventType,
  detail: string | null,
  now: Date,
): Promise<void> {
  await db.insert(emailEvents).values({
    id: newId(now.getTime()),
    organizationId: message.organizationId,
    messageId: message.id,
    eventType,
    fromAddress: message.fromAddress,
    toAddress: message.toAddress,
    detail,
    createdAt: now,
  });
}

/**
 * Put a message in the outbox inside the caller's transaction: its row, its "Send" event, its
 * sealed body and its delivery job commit with the activity that wrote it, or not at all. A
 * `resendableUntil` (one-time codes: their flow's expiry) keeps the body for resending until then.
 */
export async function enqueueEmail(
  tx: Tx,
  keyring: MasterKeyring,
  email: NewEmail,
  options: { now: Date; maxAttempts: number; resendableUntil?: Date },
): Promise<string> {
  const { now, resendableUntil } = options;
  const id = newId(now.getTime());
  const message = {
    id,
    organizationId: email.organizationId,
    purpose: email.purpose,
    fromAddress: email.from,
    toAddress: email.to.toLowerCase(),
    subject: email.subject,
    status: "QUEUED",
    messageId: `<${randomUUID()}@latchkey>`,
    resendableUntil: resendableUntil ?? null,
    createdAt: now,
    updatedAt: now,
  };
  await tx.insert(emailMessages).values(message);
  await sealMailBody(
    tx,
    keyring,
    email.organizationId,
    id,
    { text: email.text, html: email.html, replyTo: email.replyTo },
    now,
  );
  await recordEmailEvent(tx, message, "Send", null, now);
  await enqueue(tx, now, EMAIL_DELIVERY_JOB, { emailId: id }, { maxAttempts: options.maxAttempts });
  await scheduleBodyShred(tx, now, id, resendableUntil);
  return id;
}

export async function findEmail(db: DbOrTx, id: string) {
  const [row] = await db.select().from(emailMessages).where(eq(emailMessages.id, id));
  return row;
}
