"use client";

import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { ZCreateWebhookEndpointParams, ZWebhookEventType } from "@/lib/api/webhooks";
import { query } from "@/lib/client/api";
import { useSession } from "@/lib/client/session-context";
import { useActivityMutation } from "./activity-mutation";

/** Query keys: the endpoint list, and each endpoint's delivery log under it. */
export const WEBHOOKS = "webhooks";

export function useWebhookEndpoints() {
  const session = useSession();
  return useQuery({
    queryKey: [WEBHOOKS],
    queryFn: async () => (await query(session, "list_webhook_endpoints")).webhookEndpoints,
  });
}

/** An endpoint's log, refreshed every few seconds while it is open: retries land on their own. */
export function useWebhookDeliveries(endpointId: string) {
  const session = useSession();
  return useQuery({
    queryKey: [WEBHOOKS, endpointId, "deliveries"],
    queryFn: () => query(session, "list_webhook_deliveries", { endpointId, limit: 25 }),
    refetchInterval: 3000,
  });
}

const params = ZCreateWebhookEndpointParams.shape;

/** The "Add endpoint" form: the API's own URL and name rules, and at least one event ticked. */
export const ZNewWebhookForm = z.object({
  name: params.name,
  url: params.url,
  events: z.array(ZWebhookEventType).min(1, "choose at least one event"),
});
export type TNewWebhookForm = z.output<typeof ZNewWebhookForm>;

export const useCreateWebhook = () =>
  useActivityMutation<TNewWebhookForm>(
    "create_webhook_endpoint",
    ({ name, url, events }) => ({ name, url, subscriptions: events.map((eventType) => ({ eventType })) }),
    [WEBHOOKS],
  );

export const useSetWebhookActive = () =>
  useActivityMutation<{ endpointId: string; isActive: boolean }>(
    "update_webhook_endpoint",
    (input) => input,
    [WEBHOOKS],
  );

export const useDeleteWebhook = () =>
  useActivityMutation<string>("delete_webhook_endpoint", (endpointId) => ({ endpointId }), [WEBHOOKS]);

export const useRedeliver = () =>
  useActivityMutation<string>("redeliver_webhook", (deliveryId) => ({ deliveryId }), [WEBHOOKS]);
