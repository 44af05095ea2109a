import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZCreateWebhookEndpointParams, ZWebhookEndpointResult } from "@/lib/api/webhooks";
import { webhookEndpoints } from "../db/schema";
import { newId } from "../ids";
import { requireFeature } from "../organizations/features";
import { checkEndpointUrl, renderEndpoint, storedSubscriptions } from "../webhooks/endpoints";
import { rememberListening } from "../webhooks/listening";
import { defineActivity } from "./define";

export const createWebhookEndpoint = defineActivity({
  path: "create_webhook_endpoint",
  type: ACTIVITY_TYPES.create_webhook_endpoint,
  resource: "WEBHOOK_ENDPOINT",
  action: "CREATE",
  intentKey: "createWebhookEndpointIntent",
  resultKey: "createWebhookEndpointResult",
  summary:
    "Add a webhook endpoint and its subscriptions (ACTIVITY_UPDATES, TRANSACTION_UPDATES, SWAP_UPDATES, " +
    "EARN_UPDATES, ONRAMP_UPDATES); needs FEATURE_NAME_WEBHOOK. Deliveries are signed with the server signing key",
  describe: (p) =>
    `Add webhook endpoint ${p.name} (${p.url})` +
    (p.subscriptions?.length ? ` for ${p.subscriptions.map((s) => s.eventType).join(", ")}` : ""),
  params: ZCreateWebhookEndpointParams,
  result: ZWebhookEndpointResult,
  async beforeTransaction(app, params) {
    await checkEndpointUrl(app, params.url);
  },
  async execute({ tx, organization, now }, params) {
    await requireFeature(tx, organization.id, "FEATURE_NAME_WEBHOOK", "Webhooks");
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        id: newId(now.getTime()),
        organizationId: organization.id,
        name: params.name,
        url: params.url,
        isActive: true,
        subscriptions: storedSubscriptions(params.subscriptions),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    // Its own completion is already an event this endpoint may want: the activity's insert read
    // before it existed that nobody listened (webhooks/listening.ts).
    if (row!.isActive) rememberListening(tx, true);
    return { endpointId: row!.id, webhookEndpoint: renderEndpoint(row!) };
  },
});
