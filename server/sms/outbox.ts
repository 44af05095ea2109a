import { randomUUID } from "node:crypto";
import type { Tx } from "../db/client";
import { emailMessages } from "../db/schema";
import { newId } from "../ids";
import { enqueue } from "../jobs/queue";
import { scheduleBodyShred } from "../mail/body-lifetime";
import type { MasterKeyring } from "../signer/keyring";
import { sealMailBody } from "../signer/sealed-mail";

export const SMS_DELIVERY_JOB = "sms-delivery";

/**
 * Put a text message in the outbox inside the caller's transaction. It shares the e-mail outbox's
 * table (channel SMS), so the Outbox page, the delivery states and the sealing of a body that
 * holds a code are the same; list_email_events never shows it (no e-mail events are recorded).
 */
export async function enqueueSms(
  tx: Tx,
  keyring: MasterKeyring,
  sms: { organizationId: string; purpose: string; from: string; to: string; text: string },
  options: { now: Date; maxAttempts: number; resendableUntil?: Date },
): Promise<string> {
  const { now, resendableUntil } = options;
  const id = newId(now.getTime());
  await tx.insert(emailMessages).values({
    id,
    organizationId: sms.organizationId,
    channel: "SMS",
    purpose: sms.purpose,
    fromAddress: sms.from,
    toAddress: sms.to,
    subject: "Text message",
    status: "QUEUED",
    messageId: `<${randomUUID()}@sms.latchkey>`,
    resendableUntil: resendableUntil ?? null,
    createdAt: now,
    updatedAt: now,
  });
  await sealMailBody(tx, keyring, sms.organizationId, id, { text: sms.text, html: "" }, now);
  await enqueue(tx, now, SMS_DELIVERY_JOB, { messageId: id }, { maxAttempts: options.maxAttempts });
  await scheduleBodyShred(tx, now, id, resendableUntil);
  return id;
}
