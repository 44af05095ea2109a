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
