import { and, inArray, lt, sql } from "drizzle-orm";
import type { Database, DbOrTx } from "../db/client";
import { prebuilt, prebuiltPerShape } from "../db/prebuilt";
import { rateLimitBuckets } from "../db/schema";

/** `contact` and `init_otp`: the one-time-code budgets (server/otp/rate-limit.ts), with a window of their own. */
export type LimitScope = "key" | "ip" | "contact";
export type LimitKind = "activity" | "query" | "init_otp";

/** One budget a request spends from: who (scope + subject) doing what (kind). */
export interface Hit {
  scope: LimitScope;
  kind: LimitKind;
  subject: string;
}

/** The counters as the upsert returns them, for matching back to their hits. */
export interface CountedRow {
  scope: string;
  kind: string;
  subject: string;
  count: number;
}

/** The upsert's values for `hits` in the window starting at `windowStart`, named as bucketUpsert names them. */
export function bucketValues(hits: Hit[], windowStart: Date): Record<string, unknown> {
  const values: Record<string, unknown> = { windowStart };
  hits.forEach((hit, i) => {
    values[`scope${i}`] = hit.scope;
    values[`kind${i}`] = hit.kind;
    values[`subject${i}`] = hit.subject;
  });
  return values;
}

/** Each hit's count after the upsert, in the order of `hits` (RETURNING's row order is not promised). */
export function countsInOrder(hits: Hit[], rows: CountedRow[]): number[] {
  return hits.map(
    (hit) =>
      rows.find((row) => row.scope === hit.scope && row.kind === hit.kind && row.subject === hit.subject)!
        .count,
  );
}

/**
 * Adds one to each hit's counter in the window starting at `windowStart` and returns the counts
 * after it, in the order of `hits`. One statement for all of a request's budgets, outside any
 * transaction: the upsert's row lock makes concurrent instances on one PostgreSQL count exactly,
 * and it holds that lock only for the statement. (A stamped request counts inside its caller's
 * lookup instead, server/auth/caller.ts: the same upsert as a CTE of that statement.)
 */
export async function countHits(db: Database, hits: Hit[], windowStart: Date): Promise<number[]> {
  const rows = await upsertOf(hits.length).run(db, bucketValues(hits, windowStart));
  return countsInOrder(hits, rows);
}

/** The upsert for `count` budgets (a request spends from one to three), built once each (prebuilt.ts). */
const upsertOf = prebuiltPerShape((count: number) => prebuilt((db) => bucketUpsert(db, count)), String);

/** The upsert of `count` counters, `scope<i>`, `kind<i>`, `subject<i>` and `windowStart` its placeholders. */
export function bucketUpsert(db: DbOrTx, count: number) {
  return db
    .insert(rateLimitBuckets)
    .values(
      Array.from({ length: count }, (_, i) => ({
        scope: sql.placeholder(`scope${i}`),
        kind: sql.placeholder(`kind${i}`),
        subject: sql.placeholder(`subject${i}`),
        windowStart: sql.placeholder("windowStart"),
        count: 1,
      })),
    )
    .onConflictDoUpdate({
      target: [
        rateLimitBuckets.scope,
        rateLimitBuckets.kind,
        rateLimitBuckets.subject,
        rateLimitBuckets.windowStart,
      ],
      set: { count: sql`${rateLimitBuckets.count} + 1` },
    })
    .returning({
      scope: rateLimitBuckets.scope,
      kind: rateLimitBuckets.kind,
      subject: rateLimitBuckets.subject,
      count: rateLimitBuckets.count,
    });
}

/**
 * Drops the counters of `kinds` whose windows started before `before`: no request counts on them
 * again. Per kind, since each kind has its own window length.
 */
export async function pruneBuckets(db: Database, before: Date, kinds: LimitKind[]): Promise<void> {
  await db
    .delete(rateLimitBuckets)
    .where(and(lt(rateLimitBuckets.windowStart, before), inArray(rateLimitBuckets.kind, kinds)));
}
