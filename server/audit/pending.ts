import type { SQLWrapper } from "drizzle-orm";
import type { Tx } from "../db/client";
import type { AuditRecord } from "./entries";

/**
 * Records made in a transaction wait here, keyed by the transaction, until appendAuditTrail takes
 * them just before commit: the chain's per-organization lock is then held only for the append, not
 * for the whole activity. A transaction that rolls back is dropped with its records.
 */
const pending = new WeakMap<Tx, AuditRecord[]>();

export function noteAuditRecord(tx: Tx, record: AuditRecord): void {
  const list = pending.get(tx);
  if (list) list.push(record);
  else pending.set(tx, [record]);
}

export function takeAuditRecords(tx: Tx): AuditRecord[] {
  const list = pending.get(tx) ?? [];
  pending.delete(tx);
  return list;
}

/**
 * Inserts nothing reads back before the commit (a policy evaluation round) wait here too, and run
 * as part of the append's own statement: one round trip fewer each. Only for rows whose audit
 * record is noted with them, so the transaction necessarily ends with appendAuditTrail (a path
 * that did not would lose the trail's entry as well, which the audit tests catch).
 */
const deferred = new WeakMap<Tx, SQLWrapper[]>();

export function deferInsert(tx: Tx, insert: SQLWrapper, record: AuditRecord): void {
  const list = deferred.get(tx);
  if (list) list.push(insert);
  else deferred.set(tx, [insert]);
  noteAuditRecord(tx, record);
}

export function takeDeferredInserts(tx: Tx): SQLWrapper[] {
  const list = deferred.get(tx) ?? [];
  deferred.delete(tx);
  return list;
}
