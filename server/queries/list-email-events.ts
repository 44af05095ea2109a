import { and, eq } from "drizzle-orm";
import { ZListEmailEventsRequest } from "@/lib/api/otp";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { type EmailEventRow, emailEvents } from "../db/schema";
import { defineQuery } from "./define";
import { pageOf } from "./paginate";

/** The detail field each event type carries, as the reference names them. */
function details(row: EmailEventRow) {
  if (!row.detail) return {};
  switch (row.eventType) {
    case "Delivery":
      return { deliverySmtpResponse: row.detail };
    case "DeliveryDelay":
      return { deliveryDelayType: "TransientCommunicationFailure", diagnosticCode: row.detail };
    case "Bounce":
      return { bounceType: "Permanent", diagnosticCode: row.detail };
    default:
      return {};
  }
}

export const listEmailEvents = defineQuery({
  path: "list_email_events",
  summary:
    "What was e-mailed to an address from this organization: sent, delivered, delayed or bounced, newest first",
  request: ZListEmailEventsRequest,
  response: QUERY_RESPONSES.list_email_events,
  async run({ app, organization }, request) {
    const page = pageOf(emailEvents.id, request.paginationOptions, "newest-first");
    const rows = await app.db
      .select()
      .from(emailEvents)
      .where(
        and(
          eq(emailEvents.organizationId, organization.id),
          eq(emailEvents.toAddress, request.email.toLowerCase()),
          request.eventType ? eq(emailEvents.eventType, request.eventType) : undefined,
          page.where,
        ),
      )
      .orderBy(page.orderBy)
      .limit(page.limit);
    if (page.reverse) rows.reverse();
    return {
      emailEvents: rows.map((row) => ({
        id: row.id,
        organizationId: row.organizationId,
        messageId: row.messageId,
        eventType: row.eventType,
        fromAddress: row.fromAddress,
        toAddress: row.toAddress,
        timestamp: String(row.createdAt.getTime()),
        createdAt: String(row.createdAt.getTime()),
        details: details(row),
      })),
    };
  },
});
