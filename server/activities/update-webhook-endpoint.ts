import { eq } from "drizzle-orm";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZUpdateWebhookEndpointParams, ZWebhookEndpointResult } from "@/lib/api/webhooks";
import { webhookEndpoints } from "../db/schema";
import { requireFeature } from "../organizations/features";
import { checkEndpointUrl, findEndpoint, renderEndpoint, storedSubscriptions } from "../webhooks/endpoints";
import { rememberListening } from "../webhooks/listening";
import { defineActivity } from "./define";

export const updateWebhookEndpoint = defineActivity({
  path: "update_webhook_endpoint",
  type: ACTIVITY_TYPES.update_webhook_endpoint,
  resource: "WEBHOOK_ENDPOINT",
  action: "UPDATE",
  intentKey: "updateWebhookEndpointIntent",
  resultKey: "updateWebhookEndpointResult",
  summary:
    "Change a webhook endpoint's URL, name or active state (activating clears a deactivation by Latchkey); " +
    "Latchkey also accepts `subscriptions`, which replaces them",
  describe: (p) =>
    [
      `Update webhook endpoint ${p.endpointId}`,
      p.url ? `URL ${p.url}` : "",
      p.name ? `name ${p.name}` : "",
      p.isActive === undefined ? "" : p.isActive ? "activate" : "deactivate",
      p.subscriptions ? `subscriptions ${p.subscriptions.map((s) => s.eventType).join(", ") || "none"}` : "",
    ]
      .filter(Boolean)
      .join(": "),
  params: ZUpdateWebhookEndpointParams,
  result: ZWebhookEndpointResult,
  async beforeTransaction(app, params) {
    if (params.url) await checkEndpointUrl(app, params.url);
  },
  async execute({ tx, organization, now }, params) {
    await requireFeature(tx, organization.id, "FEATURE_NAME_WEBHOOK", "Webhooks");
    await findEndpoint(tx, organization.id, params.endpointId);
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        ...(params.url !== undefined ? { url: params.url } : {}),
        ...(params.name !== undefined ? { name: params.name } : {}),
        ...(params.isActive !== undefined ? { isActive: params.isActive } : {}),
        // Someone turning it back on has seen why it was off: start its health afresh.
        ...(params.isActive ? { disabledReason: null, failingSince: null } : {}),
        ...(params.subscriptions ? { subscriptions: storedSubscriptions(params.subscriptions) } : {}),
        updatedAt: now,
      })
      .where(eq(webhookEndpoints.id, params.endpointId))
      .returning();
    // Its own completion is already an event this endpoint may want: the activity's insert read
    // before it existed that nobody listened (webhooks/listening.ts).
    if (row!.isActive) rememberListening(tx, true);
    return { endpointId: row!.id, webhookEndpoint: renderEndpoint(row!) };
  },
});
