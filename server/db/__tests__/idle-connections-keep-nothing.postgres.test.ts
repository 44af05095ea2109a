import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectGarbage } from "../../testing/collect-garbage";
import { startTestApp, type TestApp } from "../../testing/harness";
import { answeredInRequestContexts, stillHeld } from "../../testing/request-contexts";

/**
 * A connection handed back to the pool keeps nothing of the request that borrowed it. What it
 * kept, it kept until its next use: under load that is only milliseconds, yet every request's
 * objects then outlived the young generation's collections, were promoted and died in the old
 * generation, whose collections set the API's p99 (docs/scaling.md, fifteenth pass). A release
 * made where the connection was asked for kept the borrower's callback, and with it the request.
 *
 * Each form of borrowing runs in requests of its own, one at a time (so one warm connection serves
 * them all, and ends idle in the pool), with nothing run afterwards that would use it again.
 */

// PostgreSQL's alone (its pool): vitest.config.ts runs *.postgres.test.ts only there.
describe("on PostgreSQL, an idle pooled connection", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const borrowings: Record<string, () => Promise<number>> = {
    "one statement (pg-pool's query)": async () =>
      ((await t.app.db.execute(sql`select 1 as one`)) as unknown as { rows: unknown[] }).rows.length,
    "a transaction (Drizzle's, the promise form of connect)": () =>
      t.app.db.transaction(
        async (tx) =>
          ((await tx.execute(sql`select 1 as one`)) as unknown as { rows: unknown[] }).rows.length,
      ),
    "a transaction whose statement fails": () =>
      t.app.db
        .transaction(async (tx) => {
          await tx.execute(sql`select 1 / 0`);
          return 0;
        })
        .catch(() => 1),
  };

  for (const [form, borrow] of Object.entries(borrowings)) {
    it(`keeps nothing of its last borrower: ${form}`, async () => {
      const { answers, contexts } = await answeredInRequestContexts(4, borrow, 256 * 1024);
      expect(answers).toEqual([1, 1, 1, 1]);
      await collectGarbage();
      expect(stillHeld(contexts)).toBe(0);
    });
  }
});
