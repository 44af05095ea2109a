import { and, eq, sql } from "drizzle-orm";
import { ZListOutboxMessagesRequest } from "@/lib/api/otp";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { emailMessages, emailSinkMessages } from "../db/schema";
import { defineQuery } from "./define";
import { pageOf } from "./paginate";

/**
 * The Outbox page's list: what this organization's activities e-mailed, with delivery status. With
 * the embedded sink, the text it last received is read by Message-ID, so an operator reads only
 * their own organization's mail there; with a real relay Latchkey keeps no copy to show.
 */
export const listOutboxMessages = defineQuery({
  path: "list_outbox_messages",
  summary:
    "E-mails and text messages this organization sent (newest first) with their delivery status, and what the embedded sink received",
  latchkeyExtension: true,
  request: ZListOutboxMessagesRequest,
  response: QUERY_RESPONSES.list_outbox_messages,
  async run({ app, organization }, request) {
    const page = pageOf(emailMessages.id, request.paginationOptions, "newest-first");
    // A resent message reaches the sink again under the same Message-ID: show the latest copy, once.
    const receivedText = sql<string | null>`(select ${emailSinkMessages.text} from ${emailSinkMessages}
      where ${emailSinkMessages.messageId} = ${emailMessages.messageId}
      order by ${emailSinkMessages.id} desc limit 1)`;
    const rows = await app.db
      .select({ message: emailMessages, receivedText })
      .from(emailMessages)
      .where(and(eq(emailMessages.organizationId, organization.id), page.where))
      .orderBy(page.orderBy)
      .limit(page.limit);
    if (page.reverse) rows.reverse();
    return {
      messages: rows.map(({ message, receivedText }) => ({
        id: message.id,
        channel: message.channel as "EMAIL" | "SMS",
        purpose: message.purpose,
        fromAddress: message.fromAddress,
        toAddress: message.toAddress,
        subject: message.subject,
        status: message.status as "QUEUED" | "SENT" | "FAILED",
        attempts: message.attempts,
        ...(message.lastError ? { lastError: message.lastError } : {}),
        createdAt: message.createdAt.toISOString(),
        ...(message.sentAt ? { sentAt: message.sentAt.toISOString() } : {}),
        ...(receivedText ? { receivedText } : {}),
        ...(message.resendableUntil ? { resendableUntil: message.resendableUntil.toISOString() } : {}),
        ...(message.resends > 0 ? { resends: message.resends } : {}),
      })),
    };
  },
});
