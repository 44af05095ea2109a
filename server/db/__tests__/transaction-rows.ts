import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import type { Database } from "../client";
import { rateLimitBuckets } from "../schema";

/**
 * Rows and checks for the pipelined-transaction tests: rate-limit buckets, only because that table
 * stands alone (no foreign keys), under a `kind` of the test file's own.
 */
export function transactionRows(db: () => Database, kind: string) {
  const bucket = (subject: string) => ({
    scope: "test",
    kind,
    subject,
    windowStart: new Date("2026-01-01T00:00:00Z"),
    count: 1,
  });

  /** Whether another pooled connection sees the row (0 or 1). */
  async function stored(subject: string) {
    const rows = await db()
      .select({ subject: rateLimitBuckets.subject })
      .from(rateLimitBuckets)
      .where(and(eq(rateLimitBuckets.scope, "test"), eq(rateLimitBuckets.subject, subject)));
    return rows.length;
  }

  /**
   * Every pooled connection, borrowed at once, runs a transaction of its own to the end: its BEGIN
   * is not refused, and it does not run inside a transaction someone left open — where its BEGIN
   * would only warn, and its row would stay invisible to the other connections.
   */
  async function everyConnectionClean() {
    const subjects = Array.from({ length: 24 }, () => randomUUID());
    await Promise.all(
      subjects.map((subject) =>
        db().transaction(async (tx) => {
          await tx.insert(rateLimitBuckets).values(bucket(subject));
        }),
      ),
    );
    expect(await Promise.all(subjects.map(stored))).toEqual(subjects.map(() => 1));
  }

  /** The same row as a plain query config, for a connection driven directly (pooledConnection). */
  const insertConfig = (subject: string) => ({
    text: "insert into rate_limit_buckets (scope, kind, subject, window_start, count) values ('test', $1, $2, now(), 1)",
    values: [kind, subject],
  });

  return { bucket, insertConfig, stored, everyConnectionClean };
}

/** A connection driven directly, without Drizzle: node-postgres's own query and release. */
export type PooledConnection = { query(config: object): Promise<{ rows: unknown[] }>; release(): void };

/**
 * A connection of the app's own pool, wrapped as the pool wraps every one (open.ts), for what
 * Drizzle never sends.
 */
export const pooledConnection = (db: Database): Promise<PooledConnection> =>
  (db as unknown as { $client: { connect(): Promise<PooledConnection> } }).$client.connect();

/** The driver's own error under Drizzle's "Failed query" wrapper. */
export async function failureOf(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    const { cause } = error as { cause?: unknown };
    return String(cause instanceof Error ? cause.message : (error as Error).message);
  }
  throw new Error("expected the work to fail");
}
