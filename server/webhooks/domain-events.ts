import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { swapQuotes } from "../db/schema";
import { emitWebhookEvent } from "./emit";

/**
 * The events of the asynchronous work, one function per kind of row, called where that row's status
 * is written (and with the same database handle, so inside the same transaction when there is one).
 * Payloads carry ids and the new status, never a key, a signed transaction or a provider secret:
 * the receiver reads the rest through the API it already uses.
 */

export async function emitActivityStatus(
  db: DbOrTx,
  now: Date,
  row: { id: string; organizationId: string; type: string; status: string },
): Promise<void> {
  await emitWebhookEvent(db, now, row.organizationId, "ACTIVITY_UPDATES", {
    activityId: row.id,
    activityType: row.type,
    activityStatus: row.status,
  });
}

/** A send's status, and for a send that executes a swap, the swap's too. */
export async function emitSendStatus(
  db: DbOrTx,
  now: Date,
  row: { id: string; organizationId: string; caip2: string; status: string; txHash: string | null },
): Promise<void> {
  const send = { sendTransactionStatusId: row.id, caip2: row.caip2, status: row.status, txHash: row.txHash };
  await emitWebhookEvent(db, now, row.organizationId, "TRANSACTION_UPDATES", send);
  const [swap] = await db
    .select({ swapRequestId: swapQuotes.swapRequestId, quoteId: swapQuotes.id })
    .from(swapQuotes)
    .where(eq(swapQuotes.sendId, row.id));
  if (swap?.swapRequestId) {
    await emitWebhookEvent(db, now, row.organizationId, "SWAP_UPDATES", { ...swap, ...send });
  }
}

export async function emitEarnStatus(
  db: DbOrTx,
  now: Date,
  row: {
    id: string;
    organizationId: string;
    kind: string;
    caip2: string;
    status: string;
    txHash: string | null;
  },
): Promise<void> {
  await emitWebhookEvent(db, now, row.organizationId, "EARN_UPDATES", {
    requestId: row.id,
    kind: row.kind,
    caip2: row.caip2,
    status: row.status,
    txHash: row.txHash,
  });
}

export async function emitOnRampStatus(
  db: DbOrTx,
  now: Date,
  row: { id: string; organizationId: string; status: string; providerStatus: string; txHash: string | null },
): Promise<void> {
  await emitWebhookEvent(db, now, row.organizationId, "ONRAMP_UPDATES", {
    transactionId: row.id,
    transactionStatus: row.status,
    providerStatus: row.providerStatus,
    txHash: row.txHash,
  });
}
