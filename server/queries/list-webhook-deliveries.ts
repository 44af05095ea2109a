import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { toTimestamp } from "@/lib/api/common";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import {
  type TWebhookDelivery,
  type TWebhookEventType,
  ZListWebhookDeliveriesRequest,
} from "@/lib/api/webhooks";
import { webhookAttempts, webhookDeliveries } from "../db/schema";
import { defineQuery } from "./define";

export const listWebhookDeliveries = defineQuery({
  path: "list_webhook_deliveries",
  summary:
    "Latchkey extension: an endpoint's newest deliveries (default 50), each with its body and every attempt's " +
    "HTTP status, latency and error, and the public key the deliveries are signed with",
  latchkeyExtension: true,
  request: ZListWebhookDeliveriesRequest,
  response: QUERY_RESPONSES.list_webhook_deliveries,
  async run({ app, organization }, request) {
    const rows = await app.db
      .select()
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.organizationId, organization.id),
          eq(webhookDeliveries.endpointId, request.endpointId),
        ),
      )
      .orderBy(desc(webhookDeliveries.id))
      .limit(request.limit ?? 50);
    const attempts = rows.length
      ? await app.db
          .select()
          .from(webhookAttempts)
          .where(
            inArray(
              webhookAttempts.deliveryId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(asc(webhookAttempts.id))
      : [];
    const deliveries: TWebhookDelivery[] = rows.map((row) => ({
      deliveryId: row.id,
      endpointId: row.endpointId,
      eventType: row.eventType as TWebhookEventType,
      status: row.status as TWebhookDelivery["status"],
      body: row.body,
      createdAt: toTimestamp(row.createdAt),
      attempts: attempts
        .filter((attempt) => attempt.deliveryId === row.id)
        .map((attempt) => ({
          at: toTimestamp(attempt.createdAt),
          ...(attempt.statusCode !== null ? { statusCode: attempt.statusCode } : {}),
          latencyMs: attempt.latencyMs,
          ...(attempt.error !== null ? { error: attempt.error } : {}),
        })),
    }));
    return { deliveries, signingPublicKey: app.serverKey.publicKeyHex };
  },
});
