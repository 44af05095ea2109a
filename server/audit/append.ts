import { type SQL, sql } from "drizzle-orm";
import { AUDIT_CHECKPOINT_EVERY, signAuditCheckpoint } from "../crypto/audit-checkpoint";
import type { ServerSigningKey } from "../crypto/server-signing-key";
import type { Tx } from "../db/client";
import { auditCheckpoints } from "../db/schema";
import { type ActivityState, activityRecord, GENESIS_HASH, sha256Hex } from "./entries";
import { takeAuditRecords, takeDeferredInserts, takeDeferredStatus } from "./pending";

/** `sha256(base ‖ d1)`, then `sha256(that ‖ d2)`, … over the first `count` digests: the chain in SQL. */
function chained(base: SQL, digests: string[], count: number): SQL {
  let expression = base;
  for (const digest of digests.slice(0, count)) {
    expression = sql`sha256(${expression} || decode(${digest}, 'hex'))`;
  }
  return expression;
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
 * serialized section is this statement and the COMMIT. `changed`: the activity's state changed
 * although nothing else was recorded (a vote arriving too late fails it, say). `serverKey` signs
 * the checkpoints; only an organization's bootstrap, its first entry, has none to sign yet.
 */
export async function appendAuditTrail(
  tx: Tx,
  activity: ActivityState,
  now: Date,
  options: { serverKey?: ServerSigningKey; changed?: boolean },
): Promise<void> {
  const pendingRecords = takeAuditRecords(tx);
  const inserts = takeDeferredInserts(tx);
  const status = takeDeferredStatus(tx);
  if (pendingRecords.length === 0 && !options.changed && !status) return;
  // Deferred inserts and the settled status (pending.ts) ride in this statement as data-modifying
  // CTEs: PostgreSQL runs every one of them, whether or not the main statement reads it.
  const writes = status ? [...inserts, status.update] : inserts;
  const before = writes.map((write, i) => sql`${sql.identifier(`deferred_${i}`)} AS ${write},`);
  const records = [...pendingRecords, activityRecord(activity)];
  const digests = records.map((r) => sha256Hex(r.payload));
  const k = records.length;
  const org = activity.organizationId;
  const base = sql`decode(head.previous_hash, 'hex')`;
  const rows = records.map(
    (r, i) => sql`SELECT ${org}, head.seq - ${k} + ${i + 1}, ${r.kind}, ${r.recordId}, ${r.activityId},
      encode(${chained(base, digests, i)}, 'hex'), encode(${chained(base, digests, i + 1)}, 'hex'),
      ${r.payload}, ${now.toISOString()}::timestamptz FROM head`,
  );
  // What the settled status reads comes back once, beside the chain's new last entry.
  const reads = status ? sql`, ${status.reads}` : sql``;
  const result = await tx.execute(sql`
    WITH ${sql.join(before, sql` `)} head AS (
      INSERT INTO audit_chain_heads AS h (organization_id, seq, hash, previous_hash)
      VALUES (${org}, ${k}, encode(${chained(sql`decode(${GENESIS_HASH}, 'hex')`, digests, k)}, 'hex'), ${GENESIS_HASH})
      ON CONFLICT (organization_id) DO UPDATE SET
        seq = h.seq + ${k},
        previous_hash = h.hash,
        hash = encode(${chained(sql`decode(h.hash, 'hex')`, digests, k)}, 'hex')
      RETURNING seq, previous_hash
    ), appended AS (
      INSERT INTO audit_entries (organization_id, seq, kind, record_id, activity_id, previous_hash, hash, payload, created_at)
      ${sql.join(rows, sql` UNION ALL `)}
      RETURNING seq, hash
    )
    SELECT seq, hash ${reads} FROM appended ORDER BY seq DESC LIMIT 1`);
  const [last] = rowsOf(result);
  if (!last) throw new Error("the audit append returned no entry");
  const seq = Number(last.seq);
  if (status) await status.afterward(last);
  // Checkpoints are rare (one per AUDIT_CHECKPOINT_EVERY entries), so their extra statement is too.
  const crossed = Math.floor(seq / AUDIT_CHECKPOINT_EVERY) > Math.floor((seq - k) / AUDIT_CHECKPOINT_EVERY);
  if (crossed && options.serverKey) {
    const checkpoint = signAuditCheckpoint(
      options.serverKey,
      { organizationId: org, seq, hash: last.hash },
      now,
    );
    await tx.insert(auditCheckpoints).values({ organizationId: org, seq, ...checkpoint, createdAt: now });
  }
}
