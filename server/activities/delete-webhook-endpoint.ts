import { eq } from "drizzle-orm";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZDeleteWebhookEndpointParams, ZDeleteWebhookEndpointResult } from "@/lib/api/webhooks";
import { webhookEndpoints } from "../db/schema";
import { findEndpoint } from "../webhooks/endpoints";
import { defineActivity } from "./define";

/** Deleting needs no feature: an organization that turned webhooks off may still clean up. */
export const deleteWebhookEndpoint = defineActivity({
  path: "delete_webhook_endpoint",
  type: ACTIVITY_TYPES.delete_webhook_endpoint,
  resource: "WEBHOOK_ENDPOINT",
  action: "DELETE",
  intentKey: "deleteWebhookEndpointIntent",
  resultKey: "deleteWebhookEndpointResult",
  summary: "Remove a webhook endpoint; deliveries still pending to it are dropped, its delivery log is kept",
  describe: (p) => `Delete webhook endpoint ${p.endpointId}`,
  params: ZDeleteWebhookEndpointParams,
  result: ZDeleteWebhookEndpointResult,
  async execute({ tx, organization }, params) {
    await findEndpoint(tx, organization.id, params.endpointId);
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, params.endpointId));
    return { endpointId: params.endpointId };
  },
});
