import { getTableColumns, type SQL, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { AUDIT_CHECKPOINT_EVERY, signAuditCheckpoint } from "../crypto/audit-checkpoint";
import type { ServerSigningKey } from "../crypto/server-signing-key";
import type { Database, Tx } from "../db/client";
import { commitWith } from "../db/pipelined-transaction";
import { placeholderInsert } from "../db/placeholder-sql";
import { prebuiltPerShape, prebuiltSql } from "../db/prebuilt";
import { type ActivityRow, activities, auditCheckpoints, type VoteRow, votes } from "../db/schema";
import { type ActivityState, activityRecord, GENESIS_HASH, sha256Hex } from "./entries";
import { type DeferredWrite, takeAuditRecords, takeDeferredInserts, takeDeferredStatus } from "./pending";

/** `sha256(base ‖ d1)`, then `sha256(that ‖ d2)`, … over the first `count` digests: the chain in SQL. */
function chained(base: SQL, count: number): SQL {
  let expression = base;
  for (let i = 0; i < count; i++) {
    expression = sql`sha256(${expression} || decode(${sql.placeholder(`digest_${i}`)}, 'hex'))`;
  }
  return expression;
}

/**
 * What decides the append statement's text: how many entries, which writes ride in it, and whether
 * the first of them records the activity itself (see `records` below).
 */
interface AppendShape {
  entries: number;
  writes: DeferredWrite[];
  reads: DeferredWrite | undefined;
  recordsActivity: boolean;
}

const shapeKey = ({ entries, writes, reads, recordsActivity }: AppendShape) =>
  `${entries}|${writes.map((w) => w.shape).join(",")}|${reads?.shape ?? "-"}|${recordsActivity}`;

/**
 * The append's statement for one shape, built once (prebuilt.ts): every submission of one kind
 * appends with the same text, so only its values change. Placeholders: `org`, `now`, `digest_<i>`,
 * `kind_<i>`, `record_<i>`, `activity_<i>` and `payload_<i>` for the entries, and each deferred
 * write's own under `w<j>_` (the reads' under `reads_`). When the statement records the activity
 * (its first write, which returns a row), the chain head is taken only once that insert has
 * passed the activity's unique fingerprint: a body already being recorded by another transaction
 * is waited for without holding the organization's chain, which that transaction's own append needs.
 */
const appendStatement = prebuiltPerShape(({ entries: k, writes, reads, recordsActivity }: AppendShape) => {
  const before = writes.map(
    (write, j) => sql`${sql.identifier(`deferred_${j}`)} AS ${write.build(`w${j}_`)},`,
  );
  const base = sql`decode(head.previous_hash, 'hex')`;
  const org = sql.placeholder("org");
  const rows = Array.from(
    { length: k },
    (_, i) => sql`SELECT ${org}, head.seq - ${sql.raw(String(k - i - 1))}, ${sql.placeholder(`kind_${i}`)},
      ${sql.placeholder(`record_${i}`)}, ${sql.placeholder(`activity_${i}`)},
      encode(${chained(base, i)}, 'hex'), encode(${chained(base, i + 1)}, 'hex'),
      ${sql.placeholder(`payload_${i}`)}, cast(${sql.placeholder("now")} as timestamptz) FROM head`,
  );
  // What the settled status reads comes back once, beside the chain's new last entry.
  const read = reads ? sql`, ${reads.build("reads_")}` : sql``;
  const headRow = sql`${org}, ${sql.raw(String(k))}, encode(${chained(sql`decode(${GENESIS_HASH}, 'hex')`, k)}, 'hex'), ${GENESIS_HASH}`;
  const headSource = recordsActivity
    ? sql`SELECT ${headRow} FROM ${sql.identifier("deferred_0")} WHERE true`
    : sql`VALUES (${headRow})`;
  return prebuiltSql(
    () => sql`
    WITH ${sql.join(before, sql` `)} head AS (
      INSERT INTO audit_chain_heads AS h (organization_id, seq, hash, previous_hash)
      ${headSource}
      ON CONFLICT (organization_id) DO UPDATE SET
        seq = h.seq + ${sql.raw(String(k))},
        previous_hash = h.hash,
        hash = encode(${chained(sql`decode(h.hash, 'hex')`, k)}, 'hex')
      RETURNING seq, previous_hash
    ), appended AS (
      INSERT INTO audit_entries (organization_id, seq, kind, record_id, activity_id, previous_hash, hash, payload, created_at)
      ${sql.join(rows, sql` UNION ALL `)}
      RETURNING seq, hash
    )
    SELECT seq, hash ${read} FROM appended ORDER BY seq DESC LIMIT 1`,
  );
}, shapeKey);

export interface AppendOptions {
  /** Signs the checkpoints; only an organization's bootstrap, its first entry, has none to sign yet. */
  serverKey?: ServerSigningKey;
  /** The activity's state changed although nothing else was recorded (a late vote fails it, say). */
  changed?: boolean;
  /**
   * The append is the transaction's last statement: on PostgreSQL it commits with it, in the same
   * round trip (pipelined-transaction.ts), so the chain's lock is released without waiting for Node.
   */
  commits?: boolean;
  /**
   * The activity is not recorded yet (submit-folded.ts): this statement inserts it, as the row
   * passed (its settled status and result included, so the settled status's update is not made),
   * with the submission's vote. The insert has no ON CONFLICT: the same signed body recorded
   * meanwhile fails the statement with a unique violation, and the transaction commits nothing.
   */
  records?: { activity: ActivityRow; vote: VoteRow };
}

/** The columns a recorded-at-append activity sets: all but `failure`, which a completed one has none of. */
const RECORDED_ACTIVITY_COLUMNS = Object.keys(getTableColumns(activities)).filter((key) => key !== "failure");
const VOTE_COLUMNS = Object.keys(getTableColumns(votes));

/** The activity as the submission settled it, inserted by the append (it returns a row to follow). */
function activityInsert(row: ActivityRow): DeferredWrite {
  if (row.failure !== null) throw new Error("an activity recorded at its append has completed: no failure");
  return {
    shape: "recorded-activity",
    // The chain head reads the row it returns (appendStatement).
    build: (prefix) => placeholderInsert(activities, RECORDED_ACTIVITY_COLUMNS, prefix, activities.id),
    values: Object.fromEntries(RECORDED_ACTIVITY_COLUMNS.map((key) => [key, row[key as keyof ActivityRow]])),
  };
}

function voteInsert(vote: VoteRow): DeferredWrite {
  return {
    shape: "recorded-vote",
    build: (prefix) => placeholderInsert(votes, VOTE_COLUMNS, prefix),
    values: Object.fromEntries(VOTE_COLUMNS.map((key) => [key, vote[key as keyof VoteRow]])),
  };
}

/** Work the append leaves for after a commit it made itself: a crossed checkpoint's insert. */
export type AfterCommit = (db: Database) => Promise<void>;

/**
 * Run what an append that committed left (nothing, mostly), once the transaction has given its
 * connection back. Its failure fails nothing: the activity and its trail are committed, and only
 * that checkpoint's signature is missing, which is logged.
 */
export async function finishAfterCommit(
  app: { db: Database; logger: Logger },
  afterCommit: AfterCommit | undefined,
  activityId: string,
): Promise<void> {
  await afterCommit?.(app.db).catch((error: unknown) => {
    app.logger.error({ err: error, activityId }, "audit checkpoint not written");
  });
}

const rowsOf = (result: unknown) =>
  (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as ({
    seq: string | number;
    hash: string;
  } & Record<string, unknown>)[];

/**
 * Append the transaction's records and the activity's resulting state to its organization's chain,
 * as the transaction's last statement. One statement both takes the chain head's row lock (the
 * upsert; a concurrent append in the same organization waits for this transaction to end) and
 * inserts the entries with their hashes computed by the database from the locked head, so the
 * serialized section is this statement and the COMMIT — one round trip when `commits`.
 */
export async function appendAuditTrail(
  tx: Tx,
  activity: ActivityState,
  now: Date,
  options: AppendOptions,
): Promise<AfterCommit | undefined> {
  const pendingRecords = takeAuditRecords(tx);
  const inserts = takeDeferredInserts(tx);
  const status = takeDeferredStatus(tx);
  if (pendingRecords.length === 0 && !options.changed && !status) return undefined;
  if (status) await status.beforehand();
  // Deferred inserts and the settled status (pending.ts) ride in this statement as data-modifying
  // CTEs: PostgreSQL runs every one of them, whether or not the main statement reads it.
  const { records: recorded } = options;
  if (recorded && !status) throw new Error("an activity recorded at its append has settled its status first");
  const writes = recorded
    ? [activityInsert(recorded.activity), voteInsert(recorded.vote), ...inserts]
    : status
      ? [...inserts, status.update]
      : inserts;
  const records = [...pendingRecords, activityRecord(activity)];
  const values: Record<string, unknown> = { org: activity.organizationId, now: now.toISOString() };
  records.forEach((r, i) => {
    values[`digest_${i}`] = sha256Hex(r.payload);
    values[`kind_${i}`] = r.kind;
    values[`record_${i}`] = r.recordId;
    values[`activity_${i}`] = r.activityId;
    values[`payload_${i}`] = r.payload;
  });
  writes.forEach((write, j) => {
    for (const [name, value] of Object.entries(write.values)) values[`w${j}_${name}`] = value;
  });
  for (const [name, value] of Object.entries(status?.reads.values ?? {})) values[`reads_${name}`] = value;
  const statement = appendStatement({
    entries: records.length,
    writes,
    reads: status?.reads,
    recordsActivity: recorded !== undefined,
  });
  const append = () => statement.run(tx, values);
  const { value: result, committed: committing } = options.commits
    ? await commitWith(tx, append)
    : { value: await append(), committed: false };
  const [last] = rowsOf(result);
  if (!last) throw new Error("the audit append returned no entry");
  const seq = Number(last.seq);
  const k = records.length;
  const org = activity.organizationId;
  if (status) status.afterward(last);
  // Checkpoints are rare (one per AUDIT_CHECKPOINT_EVERY entries), so their extra statement is too.
  const crossed = Math.floor(seq / AUDIT_CHECKPOINT_EVERY) > Math.floor((seq - k) / AUDIT_CHECKPOINT_EVERY);
  if (!crossed || !options.serverKey) return undefined;
  const checkpoint = {
    organizationId: org,
    seq,
    ...signAuditCheckpoint(options.serverKey, { organizationId: org, seq, hash: last.hash }, now),
    createdAt: now,
  };
  if (!committing) {
    await tx.insert(auditCheckpoints).values(checkpoint);
    return undefined;
  }
  // The append was the commit: the checkpoint, a signature over entries now committed, follows in
  // a statement of its own once the transaction's connection is back in the pool (taking a second
  // connection while holding the first could starve the pool).
  return async (db) => {
    await db.insert(auditCheckpoints).values(checkpoint).onConflictDoNothing();
  };
}
