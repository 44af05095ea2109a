import type { SQL } from "drizzle-orm";
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
 * A write (or, for a settled status, the columns read beside it) that rides in the append's
 * statement. The statement is built once per shape (append.ts), so its SQL takes every value as a
 * placeholder named from `prefix` (which keeps one write's names apart from another's) and the
 * values come separately, under those names without the prefix.
 */
export interface DeferredWrite {
  /** Writes of one shape build the same SQL text. */
  shape: string;
  /** A data-modifying statement in parentheses (for `reads`: a select list, `expression AS name, …`). */
  build(prefix: string): SQL;
  values: Record<string, unknown>;
}

/**
 * Inserts nothing reads back before the commit (a policy evaluation round) wait here too, and run
 * as part of the append's own statement: one round trip fewer each. Only for rows whose audit
 * record is noted with them, so the transaction necessarily ends with appendAuditTrail (a path
 * that did not would lose the trail's entry as well, which the audit tests catch).
 */
const deferred = new WeakMap<Tx, DeferredWrite[]>();

export function deferInsert(tx: Tx, insert: DeferredWrite, record: AuditRecord): void {
  deferRow(tx, insert);
  noteAuditRecord(tx, record);
}

/**
 * A row the activity's own record accounts for (its result names it: create_users' user ids), left
 * for the append's statement like the inserts above, without a record of its own. Only from an
 * activity executed in the transaction its append ends (ActivityContext.endsWithAppend: a vote's
 * savepoint is another `tx`, whose rows no append would take) and only for a row nothing in that
 * transaction reads back or refers to before the commit. assertNothingDeferred catches a path that
 * ends without the append.
 */
export function deferRow(tx: Tx, insert: DeferredWrite): void {
  const list = deferred.get(tx);
  if (list) list.push(insert);
  else deferred.set(tx, [insert]);
}

export function takeDeferredInserts(tx: Tx): DeferredWrite[] {
  const list = deferred.get(tx) ?? [];
  deferred.delete(tx);
  return list;
}

/**
 * The status a fresh submission ends in, waiting to be written by the append's own statement
 * (records.ts settleStatus): the UPDATE rides there as one more data-modifying CTE, and what the
 * status update used to answer (the voters to show) is read in that statement too, then handed to
 * `afterward`. The append may be the transaction's COMMIT as well (pipelined-transaction.ts), so what
 * the change still has to write (its webhook event) is written `beforehand`, and `afterward` only
 * reads what came back.
 */
export interface DeferredStatus {
  update: DeferredWrite;
  /** The select list read beside the append, in its snapshot. */
  reads: DeferredWrite;
  beforehand(): Promise<void>;
  afterward(values: Record<string, unknown>): void;
}

const statuses = new WeakMap<Tx, DeferredStatus>();

export function deferStatus(tx: Tx, status: DeferredStatus): void {
  if (statuses.has(tx)) throw new Error("a transaction settles its activity's status once");
  statuses.set(tx, status);
}

export function takeDeferredStatus(tx: Tx): DeferredStatus | undefined {
  const status = statuses.get(tx);
  statuses.delete(tx);
  return status;
}

/**
 * For the end of a transaction that deferred work to the append: throws (so it rolls back) when
 * something deferred was never written, rather than commit an activity without its status or round.
 */
export function assertNothingDeferred(tx: Tx): void {
  if (statuses.has(tx) || (deferred.get(tx)?.length ?? 0) > 0 || (pending.get(tx)?.length ?? 0) > 0) {
    throw new Error("the transaction ends with deferred writes its audit append never made");
  }
}
