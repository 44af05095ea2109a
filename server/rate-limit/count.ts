import { and, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client";
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

/**
 * Adds one to each hit's counter in the window starting at `windowStart` and returns the counts
 * after it, in the order of `hits`. One statement for all of a request's budgets, outside any
 * transaction: the upsert's row lock makes concurrent instances on one PostgreSQL count exactly,
 * and it holds that lock only for the statement.
 */
export async function countHits(db: Database, hits: Hit[], windowStart: Date): Promise<number[]> {
  const values: Record<string, unknown> = { windowStart };
  hits.forEach((hit, i) => {
    values[`scope${i}`] = hit.scope;
    values[`kind${i}`] = hit.kind;
    values[`subject${i}`] = hit.subject;
  });
  const rows = await upsertOf(hits.length).run(db, values);
  // RETURNING's row order is not promised: match each row back to its hit.
  return hits.map(
    (hit) =>
      rows.find((row) => row.scope === hit.scope && row.kind === hit.kind && row.subject === hit.subject)!
        .count,
  );
}

/** The upsert for `count` budgets (a request spends from one to three), built once each (prebuilt.ts). */
const upsertOf = prebuiltPerShape(buildUpsert, String);

function buildUpsert(count: number) {
  return prebuilt((db) =>
    db
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
      }),
  );
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
