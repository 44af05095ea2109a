import { lookup } from "node:dns/promises";
import { and, asc, eq } from "drizzle-orm";
import { toTimestamp } from "@/lib/api/common";
import type { TWebhookEndpoint, TWebhookSubscription } from "@/lib/api/webhooks";
import type { AppContext } from "../context";
import type { DbOrTx } from "../db/client";
import { type StoredSubscription, type WebhookEndpointRow, webhookEndpoints } from "../db/schema";
import { invalid, notFound } from "../errors";
import { AddressRefused, bareHost, checkAddress, checkUrlShape, UrlRefused } from "./address-guard";

export function storedSubscriptions(list: TWebhookSubscription[] | undefined): StoredSubscription[] {
  return (list ?? []).map((s) => ({
    eventType: s.eventType,
    ...(s.filtersJson !== undefined ? { filtersJson: s.filtersJson } : {}),
    isActive: s.isActive ?? true,
  }));
}

export function renderEndpoint(row: WebhookEndpointRow): TWebhookEndpoint {
  return {
    endpointId: row.id,
    organizationId: row.organizationId,
    url: row.url,
    name: row.name,
    isActive: row.isActive,
    subscriptions: row.subscriptions as TWebhookEndpoint["subscriptions"],
    ...(row.disabledReason ? { disabledReason: row.disabledReason } : {}),
    ...(row.failingSince ? { failingSince: toTimestamp(row.failingSince) } : {}),
  };
}

export async function findEndpoint(
  db: DbOrTx,
  organizationId: string,
  id: string,
): Promise<WebhookEndpointRow> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.organizationId, organizationId), eq(webhookEndpoints.id, id)));
  if (!row) throw notFound("webhook endpoint", id);
  return row;
}

export async function listEndpoints(db: DbOrTx, organizationId: string): Promise<WebhookEndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.organizationId, organizationId))
    .orderBy(asc(webhookEndpoints.id));
}

/**
 * Refuse, with a 400, a URL that could never be delivered to: a scheme not allowed here, or a host
 * that is (or resolves to) a refused address. Runs before the activity's transaction, since it
 * asks DNS. Delivery checks again at every connection (a name may resolve differently later).
 */
export async function checkEndpointUrl(app: AppContext, raw: string): Promise<void> {
  const config = app.config.webhooks;
  try {
    const url = checkUrlShape(config, raw);
    const addresses = await lookup(bareHost(url), { all: true }).catch(() => []);
    for (const { address } of addresses) checkAddress(config, address);
  } catch (error) {
    if (error instanceof UrlRefused || error instanceof AddressRefused) throw invalid(error.message, "url");
    throw error;
  }
}
