import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../testing/harness";
import { commitWith } from "../pipelined-transaction";
import { countRoundTrips } from "../round-trips";
import { rateLimitBuckets } from "../schema";
import { failureOf, pooledConnection, transactionRows } from "./transaction-rows";

/**
 * A transaction's BEGIN sent with its first statement (pipelined-transaction.ts), checked against
 * the database: the statements are still one transaction, a transaction that sends nothing costs
 * nothing, and a BEGIN that fails lets no statement run outside a transaction.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const {
  bucket,
  insertConfig: insert,
  stored,
  everyConnectionClean,
} = transactionRows(() => t.app.db, "pipelined-begin");
const rawClient = () => pooledConnection(t.app.db);

if (process.env.DATABASE_URL) {
  describe("on PostgreSQL", () => {
    it("the first statement carries the BEGIN: one round trip less, and the statements are still one transaction", async () => {
      const [first, second] = [randomUUID(), randomUUID()];
      const { value: seenInside, roundTrips } = await countRoundTrips(() =>
        t.app.db.transaction(async (tx) => {
          await tx.insert(rateLimitBuckets).values(bucket(first));
          // Another pooled connection does not see it yet: it was written inside the transaction.
          const seen = await stored(first);
          await tx.insert(rateLimitBuckets).values(bucket(second));
          return seen;
        }),
      );
      expect(seenInside).toBe(0);
      // BEGIN with the first insert, the other connection's read, the second insert, COMMIT.
      expect(roundTrips).toBe(4);
      expect([await stored(first), await stored(second)]).toEqual([1, 1]);
    });

    it("a later failure rolls back what the statement carrying the BEGIN wrote", async () => {
      const first = randomUUID();
      const failing = t.app.db.transaction(async (tx) => {
        await tx.insert(rateLimitBuckets).values(bucket(first));
        await tx.insert(rateLimitBuckets).values(bucket(first));
      });
      expect(await failureOf(failing)).toMatch(/duplicate key value violates unique constraint/);
      expect(await stored(first)).toBe(0);
      await everyConnectionClean();
    });

    it("a first statement that fails leaves no transaction open on its connection", async () => {
      const existing = randomUUID();
      await t.app.db.insert(rateLimitBuckets).values(bucket(existing));
      const failing = t.app.db.transaction(async (tx) => {
        await tx.insert(rateLimitBuckets).values(bucket(existing));
      });
      expect(await failureOf(failing)).toMatch(/duplicate key value violates unique constraint/);
      await everyConnectionClean();
    });

    it("a transaction that sends no statement costs no round trip, whether it returns or throws", async () => {
      const returned = await countRoundTrips(() => t.app.db.transaction(async () => "nothing to do"));
      expect(returned).toMatchObject({ value: "nothing to do", roundTrips: 0 });
      const thrown = await countRoundTrips(() =>
        t.app.db
          .transaction(async () => {
            throw new Error("refused before any statement");
          })
          .catch((error: Error) => error.message),
      );
      expect(thrown).toMatchObject({ value: "refused before any statement", roundTrips: 0 });
      await everyConnectionClean();
    });

    it("a transaction of one statement that carries the COMMIT too is one round trip", async () => {
      const subject = randomUUID();
      const { value, roundTrips } = await countRoundTrips(() =>
        t.app.db.transaction(async (tx) =>
          commitWith(tx, () => tx.insert(rateLimitBuckets).values(bucket(subject))),
        ),
      );
      expect(value.committed).toBe(true);
      expect(roundTrips).toBe(1);
      expect(await stored(subject)).toBe(1);
      await everyConnectionClean();
    });

    it("a first statement the driver cannot encode still went behind its BEGIN: what follows is inside the transaction", async () => {
      const later = randomUUID();
      const failing = t.app.db.transaction(async (tx) => {
        // JSON.stringify refuses a BigInt: node-postgres errs while binding, after BEGIN was written.
        expect(await failureOf(tx.execute(sql`select ${{ n: 1n }}::jsonb`))).toMatch(/BigInt/);
        await tx.insert(rateLimitBuckets).values(bucket(later));
        throw new Error("the transaction fails after its insert");
      });
      await expect(failing).rejects.toThrow("the transaction fails after its insert");
      expect(await stored(later)).toBe(0);
      await everyConnectionClean();
    });

    it("keeps the BEGIN's own words: an isolation level and a read-only mode take effect", async () => {
      const setting = await t.app.db.transaction(
        async (tx) => {
          const rows = (await tx.execute(
            sql`select current_setting('transaction_isolation') as isolation, current_setting('transaction_read_only') as read_only`,
          )) as unknown as { rows: { isolation: string; read_only: string }[] };
          return rows.rows[0];
        },
        { isolationLevel: "repeatable read", accessMode: "read only" },
      );
      expect(setting).toEqual({ isolation: "repeatable read", read_only: "on" });
    });

    it("a savepoint can be the first statement: the outer transaction still fails as a whole", async () => {
      const inner = randomUUID();
      const failing = t.app.db.transaction(async (tx) => {
        await tx.transaction(async (nested) => {
          await nested.insert(rateLimitBuckets).values(bucket(inner));
        });
        throw new Error("the outer transaction fails after its savepoint");
      });
      await expect(failing).rejects.toThrow("the outer transaction fails");
      expect(await stored(inner)).toBe(0);
    });

    it("a BEGIN that fails sends no statement behind it, queued or later, so none runs outside a transaction", async () => {
      // Drizzle writes only valid BEGINs; a connection from the same pool is given a bad one directly.
      const client = await rawClient();
      const [carried, queued, later] = [randomUUID(), randomUUID(), randomUUID()];
      try {
        await expect(client.query({ text: "begin isolation level sideways" })).resolves.toMatchObject({
          command: "BEGIN",
        });
        const outcomes = await Promise.allSettled([
          client.query(insert(carried)),
          client.query(insert(queued)),
        ]);
        expect(outcomes.map((o) => (o.status === "rejected" ? String(o.reason?.message) : "sent"))).toEqual([
          expect.stringMatching(/syntax error/),
          "the transaction's BEGIN did not take effect, so its statement was not sent",
        ]);
        await expect(client.query(insert(later))).rejects.toThrow(/BEGIN did not take effect/);
        await client.query({ text: "rollback" });
        // The transaction is over: the connection's next one begins and writes as usual.
        await client.query({ text: "begin" });
        await client.query(insert(later));
        await client.query({ text: "commit" });
      } finally {
        client.release();
      }
      expect([await stored(carried), await stored(queued), await stored(later)]).toEqual([0, 0, 1]);
      await everyConnectionClean();
    });

    it("START TRANSACTION is kept and carried like BEGIN", async () => {
      const client = await rawClient();
      const [first, second] = [randomUUID(), randomUUID()];
      try {
        await client.query({ text: "start transaction" });
        await expect(client.query(insert(first))).resolves.toMatchObject({ command: "INSERT", rowCount: 1 });
        await expect(client.query(insert(second))).resolves.toMatchObject({ command: "INSERT", rowCount: 1 });
        expect(await stored(first)).toBe(0);
        await client.query({ text: "commit" });
      } finally {
        client.release();
      }
      expect([await stored(first), await stored(second)]).toEqual([1, 1]);
    });

    it("a connection handed back inside a transaction is closed, not lent again with the stranger's work in it", async () => {
      const client = await rawClient();
      const stranded = randomUUID();
      await client.query({ text: "begin" });
      await client.query(insert(stranded));
      const backend = (client as unknown as { processID: number }).processID;
      // No COMMIT or ROLLBACK: the next borrower's COMMIT must not commit this row.
      client.release();
      await everyConnectionClean();
      expect(await stored(stranded)).toBe(0);
      // Closed, not rolled back and kept: its backend is gone.
      await expect
        .poll(async () => {
          const rows = (await t.app.db.execute(
            sql`select count(*)::int as n from pg_stat_activity where pid = ${backend}`,
          )) as unknown as { rows: { n: number }[] };
          return rows.rows[0]?.n;
        })
        .toBe(0);
    });

    it("a named statement whose own parse fails behind a carried BEGIN is parsed again on its next use", async () => {
      const client = await rawClient();
      // A text of its own, so the pool names it (prepared-statements.ts) from its second use on.
      const table = `begin_probe_${randomUUID().replaceAll("-", "")}`;
      const probe = { text: `select count(*)::int as n from ${table}` };
      try {
        for (let use = 0; use < 2; use++) await expect(client.query(probe)).rejects.toThrow(/does not exist/);
        await client.query({ text: "begin" });
        await expect(client.query(probe)).rejects.toThrow(/does not exist/);
        await client.query({ text: "rollback" });
        await client.query({ text: `create table ${table} (x int)` });
        // Had BEGIN's ParseComplete been taken for the statement's, it would now be bound unparsed.
        await expect(client.query(probe)).resolves.toMatchObject({ rows: [{ n: 0 }] });
      } finally {
        await client.query({ text: `drop table if exists ${table}` });
        client.release();
      }
    });
  });
} else {
  describe("on PGlite", () => {
    it("BEGIN is PGlite's own: a transaction that sends nothing returns, and one that writes commits", async () => {
      await expect(t.app.db.transaction(async () => "nothing to do")).resolves.toBe("nothing to do");
      const subject = randomUUID();
      await t.app.db.transaction(async (tx) => {
        await tx.insert(rateLimitBuckets).values(bucket(subject));
      });
      expect(await stored(subject)).toBe(1);
    });
  });
}
