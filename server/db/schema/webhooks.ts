import { boolean, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { organizations } from "./organizations";

/** A subscription as stored on its endpoint (the reference's v1WebhookSubscriptionParams). */
export interface StoredSubscription {
  eventType: string;
  filtersJson?: string;
  isActive: boolean;
}

/**
 * Where an organization wants to hear about events, and which. Subscriptions live on the row
 * (an endpoint has at most one per event type): the emitter reads an organization's few active
 * endpoints and filters them, which needs no second table.
 */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id),
    name: text("name").notNull(),
    url: text("url").notNull(),
    isActive: boolean("is_active").notNull(),
    subscriptions: jsonb("subscriptions").notNull().$type<StoredSubscription[]>(),
    /** Set at the first failed attempt after a success, cleared by the next success. */
    failingSince: timestamp("failing_since", { withTimezone: true }),
    /** Why Latchkey deactivated it (failing for too long); cleared when someone activates it again. */
    disabledReason: text("disabled_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("webhook_endpoints_org_idx").on(t.organizationId, t.isActive)],
);

/**
 * One event for one endpoint: the exact body, signed again at each attempt with a fresh timestamp.
 * `status` PENDING until a 2xx (SUCCEEDED) or the retry period ends (FAILED). Deleting the
 * endpoint keeps its log (no foreign key): the log is the record of what left the server.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id),
    endpointId: text("endpoint_id").notNull(),
    eventType: text("event_type").notNull(),
    body: text("body").notNull(),
    status: text("status").notNull(),
    attempts: integer("attempts").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.id)],
);

/** Each try of a delivery: what the receiver answered and how long it took. */
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: text("id").primaryKey(),
    deliveryId: text("delivery_id")
      .notNull()
      .references(() => webhookDeliveries.id),
    statusCode: integer("status_code"),
    latencyMs: integer("latency_ms").notNull(),
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("webhook_attempts_delivery_idx").on(t.deliveryId, t.id)],
);

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
