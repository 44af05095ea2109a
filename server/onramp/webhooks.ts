import { and, eq, lt } from "drizzle-orm";
import type { TOnRampProvider, TOnRampStatus } from "@/lib/api/onramp";
import type { AppContext } from "../context";
import { sha256Hex } from "../crypto/sha256-hex";
import { fiatOnRampCredentials, onRampTransactions, onRampWebhookDeliveries } from "../db/schema";
import { ApiError, invalid, notFound, unauthenticated } from "../errors";
import { withOnRampWebhookSecret } from "../signer/onramp-secrets";
import { ADAPTERS } from "./adapters";
import { ProviderError } from "./providers/http";
import { MAX_SKEW_SECONDS, WebhookSignatureError } from "./providers/webhook-signatures";
import { isFinal, recordStatus } from "./transactions";

export interface WebhookOutcome {
  received: true;
  /** Whether a purchase's status was recorded; a valid event about nothing of ours is still received. */
  applied: boolean;
  transactionId?: string;
  transactionStatus?: TOnRampStatus;
  reason?: string;
}

/** The path a provider is given for a credential's webhooks (the server's origin goes before it). */
export const webhookPath = (credentialId: string) =>
  `/api/onramp/webhooks/${encodeURIComponent(credentialId)}`;

/**
 * A provider's webhook for one credential: verified with that credential's webhook secret before
 * anything is read, refused when unsigned, badly signed, stale or a replay of a delivery already
 * taken; then the purchase it names moves to the status it reports, idempotently (one history line
 * per change) and never out of a final status, since deliveries may arrive twice or out of order.
 * The delivery record and the status change commit together, so a refused or failed delivery can be
 * sent again.
 */
export async function receiveOnRampWebhook(
  app: AppContext,
  credentialId: string,
  headers: Headers,
  body: Uint8Array,
): Promise<WebhookOutcome> {
  const [credential] = await app.db
    .select()
    .from(fiatOnRampCredentials)
    .where(eq(fiatOnRampCredentials.id, credentialId));
  if (!credential) throw notFound("fiat on-ramp credential", credentialId);
  const adapter = ADAPTERS[credential.provider as TOnRampProvider];
  const now = app.clock.now();
  let delivery: Awaited<ReturnType<typeof adapter.webhook.verify>> | undefined;
  try {
    delivery = await withOnRampWebhookSecret(
      app.db,
      app.keyring,
      credential.organizationId,
      credential.id,
      (key) => adapter.webhook.verify(headers, body, key, now.getTime()),
    );
  } catch (error) {
    if (error instanceof WebhookSignatureError)
      throw unauthenticated("WEBHOOK_SIGNATURE_INVALID", error.message);
    throw error;
  }
  if (!delivery) {
    throw new ApiError(
      "FAILED_PRECONDITION",
      "WEBHOOK_SECRET_NOT_SET",
      `credential ${credential.id} has no webhook secret: set it with set_fiat_on_ramp_webhook_secret`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(body).toString("utf8"));
  } catch {
    throw invalid("the webhook body is not JSON");
  }
  let event: ReturnType<typeof adapter.webhook.event>;
  try {
    event = adapter.webhook.event(json);
  } catch (error) {
    if (error instanceof ProviderError) throw invalid(error.message);
    throw error;
  }

  const signed = delivery;
  return app.db.transaction(async (tx) => {
    const id = sha256Hex(`${credential.id}\n${signed.header}`);
    const inserted = await tx
      .insert(onRampWebhookDeliveries)
      .values({ id, credentialId: credential.id, signedAt: signed.signedAt, receivedAt: now })
      .onConflictDoNothing()
      .returning({ id: onRampWebhookDeliveries.id });
    if (inserted.length === 0) {
      throw new ApiError(
        "ALREADY_EXISTS",
        "WEBHOOK_REPLAYED",
        "this delivery (its signature) was already received",
      );
    }
    // Past the accepted skew a signature is refused as stale anyway: its record can go.
    const expired = new Date(now.getTime() - 2 * MAX_SKEW_SECONDS * 1000);
    await tx.delete(onRampWebhookDeliveries).where(lt(onRampWebhookDeliveries.signedAt, expired));

    if ("ignored" in event) return { received: true, applied: false, reason: event.ignored };
    const [row] = await tx
      .select()
      .from(onRampTransactions)
      .where(
        and(
          eq(onRampTransactions.id, event.transactionId),
          eq(onRampTransactions.organizationId, credential.organizationId),
          eq(onRampTransactions.credentialId, credential.id),
        ),
      )
      .for("update");
    if (!row) {
      return {
        received: true,
        applied: false,
        reason: `no purchase ${event.transactionId} was made with this credential`,
      };
    }
    const base = { received: true as const, transactionId: row.id };
    if (isFinal(row.status) && event.observation.status !== row.status) {
      return {
        ...base,
        applied: false,
        transactionStatus: row.status as TOnRampStatus,
        reason: `the purchase is already ${row.status}: a late ${event.eventType} does not change it`,
      };
    }
    const next = await recordStatus(
      tx,
      row,
      { ...event.observation, detail: `webhook ${event.eventType}` },
      now,
    );
    return { ...base, applied: true, transactionStatus: next.status as TOnRampStatus };
  });
}
