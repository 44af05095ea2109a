import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Tx } from "../db/client";
import { webhookEndpoints } from "../db/schema";

/**
 * Whether an organization has an active webhook endpoint: read beside a statement a transaction
 * makes anyway, so that the many organizations without one pay no round trip to learn that their
 * status changes are nobody's event. emitWebhookEvent still reads the endpoints and their
 * subscriptions itself; this only says whether to ask.
 */
export function anyActiveEndpoint(organizationId: SQLWrapper): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${webhookEndpoints} where ${webhookEndpoints.organizationId} = ${organizationId} and ${webhookEndpoints.isActive})`;
}

const known = new WeakMap<Tx, boolean>();

/** What a transaction's first statement read of anyActiveEndpoint, for its later status change. */
export function rememberListening(tx: Tx, listening: boolean): void {
  known.set(tx, listening);
}

/** True unless the transaction read that nobody listens: not knowing, emitWebhookEvent asks. */
export function mayBeListening(tx: Tx): boolean {
  return known.get(tx) ?? true;
}
