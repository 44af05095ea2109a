import { z } from "zod";
import { ZId, ZName, ZTimestamp } from "./common";

/**
 * What an endpoint may subscribe to. ACTIVITY_UPDATES is the reference's own name; the others are
 * Latchkey's for the asynchronous work it follows after an activity completes (the reference names
 * balance events Latchkey does not produce).
 */
export const WEBHOOK_EVENT_TYPES = [
  "ACTIVITY_UPDATES",
  "TRANSACTION_UPDATES",
  "SWAP_UPDATES",
  "EARN_UPDATES",
  "ONRAMP_UPDATES",
] as const;
export type TWebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_EVENT_LABELS: Record<TWebhookEventType, string> = {
  ACTIVITY_UPDATES: "Activity status changes",
  TRANSACTION_UPDATES: "Transaction status changes",
  SWAP_UPDATES: "Swap status changes",
  EARN_UPDATES: "Earn deposit, withdrawal and claim status",
  ONRAMP_UPDATES: "On-ramp transaction status",
};

export const ZWebhookEventType = z.enum(WEBHOOK_EVENT_TYPES, {
  error: `must be one of ${WEBHOOK_EVENT_TYPES.join(", ")}`,
});

/** The reference's v1WebhookSubscriptionParams; filtersJson is kept and returned, not interpreted. */
export const ZWebhookSubscription = z
  .object({
    eventType: ZWebhookEventType,
    filtersJson: z.string().max(4096).optional(),
    isActive: z.boolean().optional(),
  })
  .strict();
export type TWebhookSubscription = z.infer<typeof ZWebhookSubscription>;

const ZWebhookUrl = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .max(2048, "must be at most 2048 characters")
  .refine((value) => URL.canParse(value), "must be an absolute http(s) URL");

const ZSubscriptions = z
  .array(ZWebhookSubscription)
  .max(WEBHOOK_EVENT_TYPES.length)
  .refine(
    (list) => new Set(list.map((s) => s.eventType)).size === list.length,
    "each event type may appear once",
  );

export const ZCreateWebhookEndpointParams = z
  .object({ url: ZWebhookUrl, name: ZName, subscriptions: ZSubscriptions.optional() })
  .strict();
export type TCreateWebhookEndpointParams = z.infer<typeof ZCreateWebhookEndpointParams>;

export const ZUpdateWebhookEndpointParams = z
  .object({
    endpointId: ZId,
    url: ZWebhookUrl.optional(),
    name: ZName.optional(),
    isActive: z.boolean().optional(),
    /** Latchkey addition (the reference's update has none): replaces the subscriptions when given. */
    subscriptions: ZSubscriptions.optional(),
  })
  .strict();
export type TUpdateWebhookEndpointParams = z.infer<typeof ZUpdateWebhookEndpointParams>;

export const ZDeleteWebhookEndpointParams = z.object({ endpointId: ZId }).strict();

/** The reference's v1WebhookEndpointData, plus Latchkey's health fields (optional for clients). */
export const ZWebhookEndpoint = z.object({
  endpointId: z.string(),
  organizationId: z.string(),
  url: z.string(),
  name: z.string(),
  isActive: z.boolean(),
  subscriptions: z.array(ZWebhookSubscription),
  /** Why Latchkey turned it off (failing for too long), when it did. */
  disabledReason: z.string().optional(),
  /** Since when every delivery has failed, while that lasts. */
  failingSince: ZTimestamp.optional(),
});
export type TWebhookEndpoint = z.infer<typeof ZWebhookEndpoint>;

export const ZWebhookEndpointResult = z.object({ endpointId: z.string(), webhookEndpoint: ZWebhookEndpoint });
export const ZDeleteWebhookEndpointResult = z.object({ endpointId: z.string() });
export const ZListWebhookEndpointsResponse = z.object({ webhookEndpoints: z.array(ZWebhookEndpoint) });

export const WEBHOOK_DELIVERY_STATUSES = ["PENDING", "SUCCEEDED", "FAILED"] as const;

export const ZWebhookAttempt = z.object({
  at: ZTimestamp,
  /** The receiver's HTTP status; absent when none came back (timeout, refused, not allowed). */
  statusCode: z.number().int().optional(),
  latencyMs: z.number().int(),
  error: z.string().optional(),
});

export const ZWebhookDelivery = z.object({
  deliveryId: z.string(),
  endpointId: z.string(),
  eventType: ZWebhookEventType,
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  /** The exact JSON body sent (and signed). */
  body: z.string(),
  createdAt: ZTimestamp,
  attempts: z.array(ZWebhookAttempt),
});
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;

/** list_webhook_deliveries (Latchkey extension): an endpoint's newest deliveries, each with its attempts. */
export const ZListWebhookDeliveriesRequest = z
  .object({ organizationId: ZId, endpointId: ZId, limit: z.number().int().min(1).max(100).optional() })
  .strict();
export const ZListWebhookDeliveriesResponse = z.object({
  deliveries: z.array(ZWebhookDelivery),
  /** The key every delivery is signed with (uncompressed P-256 hex): pin it in the receiver. */
  signingPublicKey: z.string(),
});

/** redeliver_webhook (Latchkey extension): send a stored delivery's body again, as a new delivery. */
export const ZRedeliverWebhookParams = z.object({ deliveryId: ZId }).strict();
export const ZRedeliverWebhookResult = z.object({ deliveryId: z.string() });
