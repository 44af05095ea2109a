import { ZOrganizationRequest } from "@/lib/api/common";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { listEndpoints, renderEndpoint } from "../webhooks/endpoints";
import { defineQuery } from "./define";

export const listWebhookEndpoints = defineQuery({
  path: "list_webhook_endpoints",
  summary:
    "The organization's webhook endpoints with their subscriptions; Latchkey adds failingSince and, for an " +
    "endpoint it deactivated after failing too long, disabledReason",
  request: ZOrganizationRequest,
  response: QUERY_RESPONSES.list_webhook_endpoints,
  async run({ app, organization }) {
    const rows = await listEndpoints(app.db, organization.id);
    return { webhookEndpoints: rows.map(renderEndpoint) };
  },
});
