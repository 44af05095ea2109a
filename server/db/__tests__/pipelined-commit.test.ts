import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../testing/harness";
import type { Tx } from "../client";
import { commitWith } from "../pipelined-commit";
import { countRoundTrips } from "../round-trips";
import { rateLimitBuckets } from "../schema";

/**
 * A transaction's last statement sent with its COMMIT (pipelined-commit.ts), checked against the
 * database: what commits, when, in how many round trips, and what a failure leaves behind — for
 * the transaction, and for whoever borrows its pooled connection next. The rows are rate-limit
 * buckets only because that table stands alone (no foreign keys).
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

async function stored(subject: string) {
  const rows = await t.app.db
    .select({ subject: rateLimitBuckets.subject })
    .from(rateLimitBuckets)
    .where(and(eq(rateLimitBuckets.scope, "test"), eq(rateLimitBuckets.subject, subject)));
  return rows.length;
}

/** The driver's own error under Drizzle's "Failed query" wrapper. */
async function failureOf(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    const { cause } = error as { cause?: unknown };
    return String(cause instanceof Error ? cause.message : (error as Error).message);
  }
  throw new Error("expected the transaction to fail");
}

/**
 * Every pooled connection, borrowed at once, runs a transaction of its own to the end: its BEGIN is
 * not refused, and it does not run inside a transaction someone left open — where its BEGIN would
 * only warn, and its row would stay invisible to the other connections.
 */
async function everyConnectionClean() {
  const subjects = Array.from({ length: 24 }, () => randomUUID());
  await Promise.all(
    subjects.map((subject) =>
      t.app.db.transaction(async (tx) => {
        await tx.insert(rateLimitBuckets).values(bucket(subject));
      }),
    ),
  );
  const seen = await Promise.all(subjects.map(stored));
  expect(seen).toEqual(subjects.map(() => 1));
}

if (process.env.DATABASE_URL) {
  describe("on PostgreSQL", () => {
    it("commits with the statement: visible to other connections before the transaction returns, in one round trip less", async () => {
      const subject = randomUUID();
      const { value: seenInside, roundTrips } = await countRoundTrips(() =>
        t.app.db.transaction(async (tx) => {
          const { committed } = await commitWith(tx, () =>
            tx.insert(rateLimitBuckets).values(bucket(subject)),
          );
          expect(committed).toBe(true);
          // Another pooled connection sees the row already: the COMMIT went with the insert.
          return stored(subject);
        }),
      );
      expect(seenInside).toBe(1);
      // BEGIN, the insert with its COMMIT, and the other connection's read; no COMMIT of its own.
      expect(roundTrips).toBe(3);
      expect(await stored(subject)).toBe(1);
    });

    it("a statement without parameters carries the COMMIT too (the extended protocol, not a simple query)", async () => {
      const subject = randomUUID();
      await t.app.db.transaction(async (tx) => {
        await commitWith(tx, () =>
          tx.execute(
            sql.raw(
              `insert into rate_limit_buckets (scope, kind, subject, window_start, count) values ('test', 'pipelined', '${subject}', now(), 1)`,
            ),
          ),
        );
        expect(await stored(subject)).toBe(1);
      });
      await everyConnectionClean();
    });

    /**
     * A transaction that writes a row, then fails in the statement meant to carry its COMMIT:
     * with `failure`, nothing committed, and every pooled connection clean afterwards.
     */
    async function failsWithNothingCommitted(
      last: (tx: Tx, first: string) => Promise<unknown>,
      failure: RegExp,
    ) {
      const first = randomUUID();
      const failing = t.app.db.transaction(async (tx) => {
        await tx.insert(rateLimitBuckets).values(bucket(first));
        await commitWith(tx, () => last(tx, first));
      });
      expect(await failureOf(failing)).toMatch(failure);
      expect(await stored(first)).toBe(0);
      await everyConnectionClean();
    }

    it("a statement that fails commits nothing of the transaction, and every pooled connection works afterwards", async () => {
      // The same primary key again: a unique violation in the statement the COMMIT rides behind.
      await failsWithNothingCommitted(
        (tx, first) => tx.insert(rateLimitBuckets).values(bucket(first)),
        /duplicate key value violates unique constraint/,
      );
    });

    it("a value the driver cannot encode fails before anything is sent, and commits nothing", async () => {
      // JSON.stringify refuses a BigInt: node-postgres errs while binding, then answers the Sync.
      await failsWithNothingCommitted((tx) => tx.execute(sql`select ${{ n: 1n }}::jsonb`), /BigInt/);
    });

    it("a statement that throws before it reaches the driver takes the mark back: the rollback is a rollback", async () => {
      await failsWithNothingCommitted(async () => {
        throw new Error("built wrong");
      }, /built wrong/);
    });

    it("refuses a statement sent after the commit, or beside the statement, instead of running it outside the transaction", async () => {
      const committed = randomUUID();
      const late = randomUUID();
      const after = t.app.db.transaction(async (tx) => {
        await commitWith(tx, () => tx.insert(rateLimitBuckets).values(bucket(committed)));
        await tx.insert(rateLimitBuckets).values(bucket(late));
      });
      expect(await failureOf(after)).toMatch(/after its transaction had committed/);
      expect(await stored(committed)).toBe(1);
      expect(await stored(late)).toBe(0);

      const carried = randomUUID();
      const beside = randomUUID();
      const outcome = await t.app.db
        .transaction(async (tx) => {
          await commitWith(tx, async () => {
            const statement = tx.insert(rateLimitBuckets).values(bucket(carried)).execute();
            // Not awaited before the next one: it would queue behind and run after the COMMIT.
            const sideways = tx.insert(rateLimitBuckets).values(bucket(beside)).execute();
            const [, refused] = await Promise.allSettled([statement, sideways]);
            expect(refused?.status).toBe("rejected");
            expect(String((refused as PromiseRejectedResult).reason?.cause?.message)).toMatch(
              /beside the one carrying/,
            );
          });
        })
        .then(() => "returned");
      expect(outcome).toBe("returned");
      expect(await stored(carried)).toBe(1);
      expect(await stored(beside)).toBe(0);
      await everyConnectionClean();
    });

    it("inside a savepoint the mark is declined: the outer transaction commits, or not, as a whole", async () => {
      const outer = randomUUID();
      const inner = randomUUID();
      const failing = t.app.db.transaction(async (tx) => {
        await tx.insert(rateLimitBuckets).values(bucket(outer));
        await tx.transaction(async (nested) => {
          const { committed } = await commitWith(nested, () =>
            nested.insert(rateLimitBuckets).values(bucket(inner)),
          );
          expect(committed).toBe(false);
        });
        throw new Error("the outer transaction fails after its savepoint");
      });
      await expect(failing).rejects.toThrow("the outer transaction fails");
      expect(await stored(outer)).toBe(0);
      expect(await stored(inner)).toBe(0);
    });
  });
} else {
  describe("on PGlite", () => {
    it("nothing to pipeline in process: the mark is declined and the transaction commits as usual", async () => {
      const subject = randomUUID();
      await t.app.db.transaction(async (tx) => {
        const { committed } = await commitWith(tx, () => tx.insert(rateLimitBuckets).values(bucket(subject)));
        expect(committed).toBe(false);
        await tx.insert(rateLimitBuckets).values(bucket(`${subject}-second`));
      });
      expect(await stored(subject)).toBe(1);
      expect(await stored(`${subject}-second`)).toBe(1);
    });
  });
}
