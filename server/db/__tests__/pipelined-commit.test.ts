import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../testing/harness";
import type { Tx } from "../client";
import { commitWith } from "../pipelined-transaction";
import { countRoundTrips } from "../round-trips";
import { rateLimitBuckets } from "../schema";
import { failureOf, transactionRows } from "./transaction-rows";

/**
 * A transaction's last statement sent with its COMMIT (pipelined-transaction.ts), checked against the
 * database: what commits, when, in how many round trips, and what a failure leaves behind — for
 * the transaction, and for whoever borrows its pooled connection next.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const { bucket, stored, everyConnectionClean } = transactionRows(() => t.app.db, "pipelined");

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
      // BEGIN with the insert and its COMMIT, and the other connection's read; no COMMIT of its own.
      expect(roundTrips).toBe(2);
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

    it("an answer that fails after the COMMIT completed says that the transaction committed", async () => {
      const subject = randomUUID();
      // A type no table here uses (macaddr8), given a parser that throws: the row arrives after the
      // COMMIT is sent, and pg fails the statement when it reads it.
      const MACADDR8 = 774;
      const original = pg.types.getTypeParser(MACADDR8, "text");
      pg.types.setTypeParser(MACADDR8, "text", () => {
        throw new Error("unreadable row");
      });
      try {
        const failing = t.app.db.transaction(async (tx) => {
          await tx.insert(rateLimitBuckets).values(bucket(subject));
          await commitWith(tx, () => tx.execute(sql`select '08:00:2b:01:02:03:04:05'::macaddr8 as mac`));
        });
        expect(await failureOf(failing)).toBe(
          "the transaction committed, but its last statement's answer failed: unreadable row",
        );
      } finally {
        pg.types.setTypeParser(MACADDR8, "text", original);
      }
      expect(await stored(subject)).toBe(1);
      await everyConnectionClean();
    });

    it("a ROLLBACK sent while the COMMIT is in flight goes behind it: the transaction's own error stands", async () => {
      const first = randomUUID();
      const failing = t.app.db.transaction(async (tx) => {
        await tx.insert(rateLimitBuckets).values(bucket(first));
        // Other work of the transaction fails while the statement carrying the COMMIT (a unique
        // violation) is still on its way: Drizzle's ROLLBACK is sent at once.
        await Promise.all([
          commitWith(tx, () => tx.insert(rateLimitBuckets).values(bucket(first))),
          Promise.reject(new Error("other work failed")),
        ]);
      });
      await expect(failing).rejects.toThrow("other work failed");
      expect(await stored(first)).toBe(0);
      await everyConnectionClean();
    });

    it("a ROLLBACK behind a carried COMMIT that went through says the transaction committed", async () => {
      const subject = randomUUID();
      const outcome = t.app.db.transaction(async (tx) => {
        await Promise.all([
          commitWith(tx, () => tx.insert(rateLimitBuckets).values(bucket(subject))),
          Promise.reject(new Error("other work failed")),
        ]);
      });
      expect(await failureOf(outcome)).toMatch(
        /had committed with its last statement .* ROLLBACK undid nothing/,
      );
      expect(await stored(subject)).toBe(1);
      await everyConnectionClean();
    });

    it("a ROLLBACK while commitWith's statement is still being built is sent, not refused", async () => {
      const first = randomUUID();
      const never = new Promise<never>(() => undefined);
      const failing = t.app.db.transaction(async (tx) => {
        await tx.insert(rateLimitBuckets).values(bucket(first));
        await Promise.all([
          // Marked for the COMMIT, but its statement waits on something that never comes.
          commitWith(tx, async () => {
            await never;
          }),
          Promise.reject(new Error("other work failed")),
        ]);
      });
      await expect(failing).rejects.toThrow("other work failed");
      expect(await stored(first)).toBe(0);
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
