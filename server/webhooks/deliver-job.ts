import { eq, sql } from "drizzle-orm";
import type { AppContext } from "../context";
import { type JobRow, webhookAttempts, webhookDeliveries, webhookEndpoints } from "../db/schema";
import { newId } from "../ids";
import type { JobHandler, JobOutcome } from "../jobs/worker";
import { WEBHOOK_DELIVERY_JOB } from "./emit";
import { postOnce } from "./outbound";
import { signedHeaders } from "./signature";

const MAX_DELAY_MS = 3_600_000;

/** Exponential backoff with jitter: base, 2×base, 4×base… (each drawn from its upper half), up to 1 h. */
export function retryDelayMs(base: number, attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_DELAY_MS, base * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

async function close(app: AppContext, deliveryId: string, status: "SUCCEEDED" | "FAILED"): Promise<void> {
  await app.db
    .update(webhookDeliveries)
    .set({ status, updatedAt: app.clock.now() })
    .where(eq(webhookDeliveries.id, deliveryId));
}

/**
 * One attempt of one delivery: sign it afresh, POST it outside any transaction (a network call
 * must never hold the database), then record the attempt. A 2xx ends it; anything else is tried
 * again after a growing delay until the retry period is over, and then the delivery is FAILED — and
 * its endpoint deactivated when every delivery to it has failed for longer than the configured span.
 */
async function deliver(app: AppContext, job: JobRow): Promise<JobOutcome> {
  const { deliveryId } = job.payload as { deliveryId: string };
  const [delivery] = await app.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.id, deliveryId));
  if (delivery?.status !== "PENDING") return { done: true };
  const [endpoint] = await app.db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, delivery.endpointId));
  if (!endpoint?.isActive) {
    await close(app, deliveryId, "FAILED");
    return { done: true };
  }
  const config = app.config.webhooks;
  const headers = signedHeaders(app.serverKey, delivery, app.clock.now().getTime());
  const outcome = await postOnce(config, endpoint.url, headers, delivery.body);
  const now = app.clock.now();
  const attempt = delivery.attempts + 1;
  const ok = outcome.error === undefined;
  const nextAt = new Date(now.getTime() + retryDelayMs(config.retryBaseMs, attempt));
  const expired = !ok && nextAt.getTime() > delivery.createdAt.getTime() + config.retrySeconds * 1000;
  const failingSince = ok ? null : (endpoint.failingSince ?? now);
  const disable =
    expired &&
    failingSince !== null &&
    now.getTime() - failingSince.getTime() >= config.disableAfterSeconds * 1000;
  await app.db.transaction(async (tx) => {
    await tx.insert(webhookAttempts).values({
      id: newId(now.getTime()),
      deliveryId,
      statusCode: outcome.statusCode ?? null,
      latencyMs: outcome.latencyMs,
      error: outcome.error?.slice(0, 500) ?? null,
      createdAt: now,
    });
    await tx
      .update(webhookDeliveries)
      .set({ attempts: attempt, status: ok ? "SUCCEEDED" : expired ? "FAILED" : "PENDING", updatedAt: now })
      .where(eq(webhookDeliveries.id, deliveryId));
    await tx
      .update(webhookEndpoints)
      .set({
        failingSince: ok
          ? null
          : sql`coalesce(${webhookEndpoints.failingSince}, ${now.toISOString()}::timestamptz)`,
        ...(disable
          ? {
              isActive: false,
              disabledReason: `deactivated ${now.toISOString()}: every delivery failed since ${failingSince.toISOString()} (last: ${outcome.error ?? "?"})`,
              updatedAt: now,
            }
          : {}),
      })
      .where(eq(webhookEndpoints.id, endpoint.id));
  });
  if (disable) {
    app.logger.warn(
      { endpointId: endpoint.id, organizationId: endpoint.organizationId },
      "webhook endpoint deactivated",
    );
  }
  return ok || expired ? { done: true } : { again: nextAt };
}

async function giveUp(app: AppContext, job: JobRow): Promise<void> {
  const { deliveryId } = job.payload as { deliveryId: string };
  await close(app, deliveryId, "FAILED");
}

export const WEBHOOK_JOB_HANDLERS: Record<string, JobHandler & { onGiveUp?: typeof giveUp }> = {
  [WEBHOOK_DELIVERY_JOB]: Object.assign(deliver, { onGiveUp: giveUp }),
};
