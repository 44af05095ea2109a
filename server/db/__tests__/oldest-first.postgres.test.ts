import { AsyncLocalStorage } from "node:async_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { serveOldestFirst } from "../oldest-first";
import { servedAsArrivedNow } from "../ranked-turns";

/**
 * Pooled connections go to the waiter whose request arrived first (oldest-first.ts), on a real
 * pg.Pool of one connection, so that every borrower after the first waits its turn.
 */

// PostgreSQL's alone (its pool): vitest.config.ts runs *.postgres.test.ts only there.
describe("on PostgreSQL", () => {
  const pools: pg.Pool[] = [];
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((pool) => pool.end()));
  });

  const poolOfOne = (connectionString = process.env.DATABASE_URL, waited?: (ms: number) => void) => {
    const pool = new pg.Pool({ connectionString, max: 1 });
    pool.on("error", () => undefined);
    serveOldestFirst(pool as never, 1, waited);
    pools.push(pool);
    return pool;
  };

  /** Borrow a connection, note who got it, use it, give it back. */
  const borrow = async (pool: pg.Pool, who: string, served: string[]) => {
    const client = await pool.connect();
    served.push(who);
    try {
      await client.query("select 1");
    } finally {
      client.release();
    }
  };

  it("serves the request that arrived first, whatever order the requests asked in", async () => {
    const pool = poolOfOne();
    const held = await pool.connect();
    const served: string[] = [];
    // Arrivals in the order first, second, third; the asking in the opposite order, each request
    // asking when told to (no timers: a loaded machine cannot reorder them).
    const askFirst = Promise.withResolvers<void>();
    const askSecond = Promise.withResolvers<void>();
    const first = servedAsArrivedNow(() => askFirst.promise.then(() => borrow(pool, "first", served)));
    await sleep(1);
    const second = servedAsArrivedNow(() => askSecond.promise.then(() => borrow(pool, "second", served)));
    await sleep(1);
    const third = servedAsArrivedNow(() => borrow(pool, "third", served));
    askSecond.resolve();
    askFirst.resolve();
    await sleep(20); // all three are waiting now
    expect(served).toEqual([]);
    held.release();
    await Promise.all([first, second, third]);
    expect(served).toEqual(["first", "second", "third"]);
  });

  it("serves pool.query's borrowing by arrival too", async () => {
    const pool = poolOfOne();
    const held = await pool.connect();
    const answered: string[] = [];
    const ask = (who: string) =>
      pool.query("select $1::text as who", [who]).then(({ rows }) => answered.push(rows[0].who));
    const askEarly = Promise.withResolvers<void>();
    const early = servedAsArrivedNow(() => askEarly.promise.then(() => ask("early")));
    await sleep(1);
    const late = servedAsArrivedNow(() => ask("late"));
    askEarly.resolve();
    await sleep(20);
    held.release();
    await Promise.all([early, late]);
    expect(answered).toEqual(["early", "late"]);
  });

  it("ranks work outside any request by when it asked: nothing waits behind requests that came later", async () => {
    const pool = poolOfOne();
    const held = await pool.connect();
    const served: string[] = [];
    const askBefore = Promise.withResolvers<void>();
    const before = servedAsArrivedNow(() =>
      askBefore.promise.then(() => borrow(pool, "request before the job", served)),
    );
    await sleep(1);
    const job = borrow(pool, "job", served);
    await sleep(1);
    const after = servedAsArrivedNow(() => borrow(pool, "request after the job", served));
    askBefore.resolve(); // it arrived first and asks last
    await sleep(20);
    held.release();
    await Promise.all([before, job, after]);
    expect(served).toEqual(["request before the job", "job", "request after the job"]);
  });

  it("gives the turn back when a connection cannot be opened, so the next waiter is not stranded", async () => {
    // Nothing listens on port 1: every connect fails at once.
    const pool = poolOfOne("postgres://postgres@127.0.0.1:1/postgres");
    const attempts = [pool.connect(), pool.connect(), pool.connect()];
    for (const attempt of attempts) await expect(attempt).rejects.toThrow(/ECONNREFUSED/);
  });

  it("counts a connection given back twice once: later waiters are still served by arrival", async () => {
    const pool = poolOfOne();
    const client = await pool.connect();
    client.release();
    expect(() => client.release()).toThrow(/already been released/);
    // Counted twice, the turn would admit two waiters at once to pg-pool, which serves by asking.
    const held = await pool.connect();
    const served: string[] = [];
    const askEarly = Promise.withResolvers<void>();
    const early = servedAsArrivedNow(() => askEarly.promise.then(() => borrow(pool, "early", served)));
    await sleep(1);
    const late = servedAsArrivedNow(() => borrow(pool, "late", served));
    askEarly.resolve();
    await sleep(20);
    held.release();
    await Promise.all([early, late]);
    expect(served).toEqual(["early", "late"]);
  });

  it("tells how long each borrowing waited, in the borrower's own context", async () => {
    const borrower = new AsyncLocalStorage<string>();
    const waits: { ms: number; who: string | undefined }[] = [];
    const pool = poolOfOne(process.env.DATABASE_URL, (ms) => waits.push({ ms, who: borrower.getStore() }));
    const held = await borrower.run("holder", () => pool.connect());
    const waiting = borrower.run("waiter", () => borrow(pool, "waiter", []));
    await sleep(300);
    held.release();
    await waiting;
    expect(waits.map((w) => w.who)).toEqual(["holder", "waiter"]);
    expect(waits[0]!.ms).toBeLessThan(300); // the connection was free (its opening is counted)
    expect(waits[1]!.ms).toBeGreaterThanOrEqual(290); // until the holder gave it back
  });
});
