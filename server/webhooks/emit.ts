import { and, eq } from "drizzle-orm";
import type { TWebhookEventType } from "@/lib/api/webhooks";
import type { DbOrTx } from "../db/client";
import { organizationFeatures, webhookDeliveries, webhookEndpoints } from "../db/schema";
import { newId } from "../ids";
import { enqueue } from "../jobs/queue";

export const WEBHOOK_DELIVERY_JOB = "webhook.deliver";

/** The job carries only the delivery's id: the row holds the body, the endpoint its current URL. */
export async function enqueueDelivery(
  db: DbOrTx,
  now: Date,
  delivery: { organizationId: string; endpointId: string; eventType: string; body: string },
): Promise<string> {
  const id = newId(now.getTime());
  await db
    .insert(webhookDeliveries)
    .values({ id, ...delivery, status: "PENDING", createdAt: now, updatedAt: now });
  // Retries are the handler's own schedule (a bounded period, not an attempt count); this
  // budget only covers the handler failing unexpectedly (a database error).
  await enqueue(db, now, WEBHOOK_DELIVERY_JOB, { deliveryId: id }, { maxAttempts: 5 });
  return id;
}

/**
 * Record an event for every active endpoint of the organization subscribed to it, in the caller's
 * transaction: the deliveries exist exactly when the change they report committed, and the job
 * queue then delivers them at least once. With FEATURE_NAME_WEBHOOK off, nothing is recorded.
 */
export async function emitWebhookEvent(
  db: DbOrTx,
  now: Date,
  organizationId: string,
  eventType: TWebhookEventType,
  data: Record<string, unknown>,
): Promise<void> {
  const endpoints = await db
    .select({ id: webhookEndpoints.id, subscriptions: webhookEndpoints.subscriptions })
    .from(webhookEndpoints)
    .innerJoin(
      organizationFeatures,
      and(
        eq(organizationFeatures.organizationId, webhookEndpoints.organizationId),
        eq(organizationFeatures.name, "FEATURE_NAME_WEBHOOK"),
      ),
    )
    .where(and(eq(webhookEndpoints.organizationId, organizationId), eq(webhookEndpoints.isActive, true)));
  const subscribed = endpoints.filter((endpoint) =>
    endpoint.subscriptions.some((s) => s.eventType === eventType && s.isActive),
  );
  if (subscribed.length === 0) return;
  const body = JSON.stringify({
    eventId: newId(now.getTime()),
    eventType,
    organizationId,
    createdAt: now.toISOString(),
    data,
  });
  for (const endpoint of subscribed) {
    await enqueueDelivery(db, now, { organizationId, endpointId: endpoint.id, eventType, body });
  }
}
