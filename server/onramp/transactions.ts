import { and, asc, eq } from "drizzle-orm";
import { toTimestamp } from "@/lib/api/common";
import type { TOnRampStatus, TOnRampTransaction } from "@/lib/api/onramp";
import type { DbOrTx } from "../db/client";
import { type OnRampTransactionRow, onRampStatusChanges, onRampTransactions } from "../db/schema";
import { notFound } from "../errors";
import { newId } from "../ids";
import { emitOnRampStatus } from "../webhooks/domain-events";

/** A status the transaction never leaves. */
export const isFinal = (status: string) => status === "COMPLETED" || status === "FAILED";

export async function findOnRampTransaction(
  db: DbOrTx,
  organizationId: string,
  transactionId: string,
): Promise<OnRampTransactionRow> {
  const [row] = await db
    .select()
    .from(onRampTransactions)
    .where(
      and(eq(onRampTransactions.organizationId, organizationId), eq(onRampTransactions.id, transactionId)),
    );
  // Another organization's transaction is answered exactly like one that does not exist.
  if (!row) throw notFound("on-ramp transaction", transactionId);
  return row;
}

export interface StatusUpdate {
  status: TOnRampStatus;
  providerStatus: string;
  detail?: string;
  txHash?: string;
  providerTransactionId?: string;
  cryptoAmount?: string;
  failureReason?: string;
}

/** Move the transaction to `update`, recording the change in its history when anything changed. */
export async function recordStatus(
  db: DbOrTx,
  row: OnRampTransactionRow,
  update: StatusUpdate,
  now: Date,
): Promise<OnRampTransactionRow> {
  const changed = row.status !== update.status || row.providerStatus !== update.providerStatus;
  const [next] = await db
    .update(onRampTransactions)
    .set({
      status: update.status,
      providerStatus: update.providerStatus,
      txHash: update.txHash ?? row.txHash,
      providerTransactionId: update.providerTransactionId ?? row.providerTransactionId,
      cryptoAmount: update.cryptoAmount ?? row.cryptoAmount,
      failureReason: update.failureReason ?? row.failureReason,
      updatedAt: now,
    })
    .where(eq(onRampTransactions.id, row.id))
    .returning();
  if (changed) await insertStatusChange(db, row.id, update, now);
  if (changed) await emitOnRampStatus(db, now, next!);
  return next!;
}

export async function insertStatusChange(
  db: DbOrTx,
  transactionId: string,
  change: Pick<StatusUpdate, "status" | "providerStatus" | "detail">,
  now: Date,
): Promise<void> {
  await db.insert(onRampStatusChanges).values({
    id: newId(now.getTime()),
    transactionId,
    status: change.status,
    providerStatus: change.providerStatus,
    detail: change.detail ?? null,
    createdAt: now,
  });
}

export async function statusHistory(db: DbOrTx, transactionId: string) {
  const rows = await db
    .select()
    .from(onRampStatusChanges)
    .where(eq(onRampStatusChanges.transactionId, transactionId))
    .orderBy(asc(onRampStatusChanges.id));
  return rows.map((r) => ({
    transactionStatus: r.status as TOnRampStatus,
    providerStatus: r.providerStatus,
    ...(r.detail ? { detail: r.detail } : {}),
    createdAt: toTimestamp(r.createdAt),
  }));
}

export function renderOnRampTransaction(row: OnRampTransactionRow): TOnRampTransaction {
  const optional = (key: string, value: string | null) => (value ? { [key]: value } : {});
  return {
    transactionId: row.id,
    onrampProvider: row.provider as TOnRampTransaction["onrampProvider"],
    sandbox: row.mode === "SANDBOX",
    transactionStatus: row.status as TOnRampStatus,
    providerStatus: row.providerStatus,
    walletAddress: row.walletAddress,
    network: row.network as TOnRampTransaction["network"],
    ...optional("caip2", row.caip2),
    cryptoCurrencyCode: row.cryptoCurrency as TOnRampTransaction["cryptoCurrencyCode"],
    fiatCurrencyCode: row.fiatCurrency,
    ...optional("fiatCurrencyAmount", row.fiatAmount),
    ...optional("cryptoAmount", row.cryptoAmount),
    ...optional("txHash", row.txHash),
    ...optional("failureReason", row.failureReason),
    createdAt: toTimestamp(row.createdAt),
    updatedAt: toTimestamp(row.updatedAt),
  };
}
