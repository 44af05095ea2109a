import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../testing/harness";
import { commitWithNextStatement } from "../pipelined-commit";
import { countRoundTrips } from "../round-trips";
import { rateLimitBuckets } from "../schema";

/**
 * A transaction's last statement sent with its COMMIT (pipelined-commit.ts), checked against the
 * database: what commits, when, in how many round trips, and what a failure leaves behind. The
 * rows are rate-limit buckets only because that table stands alone (no foreign keys).
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const bucket = (subject: string) => ({
  scope: "test",
  kind: "pipelined",
  subject,
  windowStart: new Date("2026-01-01T00:00:00Z"),
  count: 1,
});

/** The driver's own error under Drizzle's "Failed query" wrapper. */
async function failureOf(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    const { cause } = error as { cause?: unknown };
    return String(cause instanceof Error ? cause.message : error);
  }
  throw new Error("expected the transaction to fail");
}

async function stored(subject: string) {
  const rows = await t.app.db
    .select({ subject: rateLimitBuckets.subject })
    .from(rateLimitBuckets)
    .where(and(eq(rateLimitBuckets.scope, "test"), eq(rateLimitBuckets.subject, subject)));
  return rows.length;
}

if (process.env.DATABASE_URL) {
  describe("on PostgreSQL", () => {
    it("commits with the marked statement: visible to other connections before the transaction returns, in one round trip less", async () => {
      const subject = randomUUID();
      const { value: seenInside, roundTrips } = await countRoundTrips(() =>
        t.app.db.transaction(async (tx) => {
          expect(commitWithNextStatement(tx)).toBe(true);
          await tx.insert(rateLimitBuckets).values(bucket(subject));
          // Another pooled connection sees the row already: the COMMIT went with the insert.
          return stored(subject);
        }),
      );
      expect(seenInside).toBe(1);
      // BEGIN, the insert with its COMMIT, and the other connection's read; no COMMIT of its own.
      expect(roundTrips).toBe(3);
      expect(await stored(subject)).toBe(1);
    });

    it("a marked statement that fails commits nothing of the transaction, and every pooled connection works afterwards", async () => {
      const first = randomUUID();
      const failing = t.app.db.transaction(async (tx) => {
        await tx.insert(rateLimitBuckets).values(bucket(first));
        commitWithNextStatement(tx);
        // The same primary key again: a unique violation in the statement the COMMIT rides behind.
        await tx.insert(rateLimitBuckets).values(bucket(first));
      });
      expect(await failureOf(failing)).toMatch(/duplicate key value violates unique constraint/);
      expect(await stored(first)).toBe(0);
      // More transactions than the pool has connections, at once: none inherits a stale state.
      const subjects = Array.from({ length: 24 }, () => randomUUID());
      await Promise.all(
        subjects.map((subject, i) =>
          t.app.db.transaction(async (tx) => {
            if (i % 2 === 0) commitWithNextStatement(tx);
            await tx.insert(rateLimitBuckets).values(bucket(subject));
          }),
        ),
      );
      for (const subject of subjects) expect(await stored(subject)).toBe(1);
    });

    it("refuses a statement sent after the commit instead of running it outside the transaction", async () => {
      const committed = randomUUID();
      const late = randomUUID();
      const attempt = t.app.db.transaction(async (tx) => {
        commitWithNextStatement(tx);
        await tx.insert(rateLimitBuckets).values(bucket(committed));
        await tx.insert(rateLimitBuckets).values(bucket(late));
      });
      expect(await failureOf(attempt)).toMatch(/after its transaction had committed/);
      expect(await stored(committed)).toBe(1);
      expect(await stored(late)).toBe(0);
      // The connection went back to the pool usable.
      const again = await Promise.all(
        Array.from({ length: 12 }, () => t.app.db.execute(sql`select 1 as one`)),
      );
      expect(again).toHaveLength(12);
    });
  });
} else {
  describe("on PGlite", () => {
    it("nothing to pipeline in process: the mark is declined and the transaction commits as usual", async () => {
      const subject = randomUUID();
      await t.app.db.transaction(async (tx) => {
        expect(commitWithNextStatement(tx)).toBe(false);
        await tx.insert(rateLimitBuckets).values(bucket(subject));
        await tx.insert(rateLimitBuckets).values(bucket(`${subject}-second`));
      });
      expect(await stored(subject)).toBe(1);
      expect(await stored(`${subject}-second`)).toBe(1);
    });
  });
}
