import { and, eq } from "drizzle-orm";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZRedeliverWebhookParams, ZRedeliverWebhookResult } from "@/lib/api/webhooks";
import { webhookDeliveries } from "../db/schema";
import { ApiError, notFound } from "../errors";
import { enqueueDelivery } from "../webhooks/emit";
import { findEndpoint } from "../webhooks/endpoints";
import { defineActivity } from "./define";

/**
 * Send a logged delivery's body again, as a new delivery with its own id and attempts. The body
 * keeps its eventId, so a receiver that already has the event can tell it is the same one.
 */
export const redeliverWebhook = defineActivity({
  path: "redeliver_webhook",
  latchkeyExtension: true,
  type: ACTIVITY_TYPES.redeliver_webhook,
  resource: "WEBHOOK_ENDPOINT",
  action: "UPDATE",
  intentKey: "redeliverWebhookIntent",
  resultKey: "redeliverWebhookResult",
  summary: "Latchkey extension: deliver a logged webhook event again to its endpoint, as a new delivery",
  describe: (p) => `Redeliver webhook delivery ${p.deliveryId}`,
  params: ZRedeliverWebhookParams,
  result: ZRedeliverWebhookResult,
  async execute({ app, tx, organization, now, afterCommit }, params) {
    const [old] = await tx
      .select()
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.organizationId, organization.id),
          eq(webhookDeliveries.id, params.deliveryId),
        ),
      );
    if (!old) throw notFound("webhook delivery", params.deliveryId);
    const endpoint = await findEndpoint(tx, organization.id, old.endpointId);
    if (!endpoint.isActive) {
      throw new ApiError(
        "FAILED_PRECONDITION",
        "WEBHOOK_ENDPOINT_INACTIVE",
        `webhook endpoint ${endpoint.id} is inactive; activate it with update_webhook_endpoint first`,
      );
    }
    const deliveryId = await enqueueDelivery(tx, now, {
      organizationId: organization.id,
      endpointId: endpoint.id,
      eventType: old.eventType,
      body: old.body,
    });
    afterCommit(() => app.jobWake.notify());
    return { deliveryId };
  },
});
