import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { healthReport } from "../../observability/health";
import { startTestApp, type TestApp } from "../../testing/harness";
import { servedAsArrivedNow } from "../ranked-turns";

/**
 * When requests queue for the database, the one that arrived first goes first, and the health check
 * before them all (oldest-first.ts): on PGlite's one connection, and on a PostgreSQL pool of one
 * (where the health check has a connection of its own).
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { LATCHKEY_DATABASE_POOL_SIZE: "1" } });
});
afterAll(async () => {
  await t?.close();
});

/** Keep the database's one turn in an open transaction until `release`. */
async function holdTheTurn() {
  const gate = Promise.withResolvers<void>();
  const running = Promise.withResolvers<void>();
  const held = t.app.db.transaction(async (tx) => {
    await tx.execute(sql`select 1`);
    running.resolve();
    await gate.promise;
  });
  await running.promise;
  return async () => {
    gate.resolve();
    await held;
  };
}

/** A request's one statement, sent once `ask` settles; its name is noted when it is answered. */
const request = (name: string, ask: Promise<void>, answered: string[]) =>
  servedAsArrivedNow(async () => {
    await ask;
    await t.app.db.execute(sql`select ${name}::text`);
    answered.push(name);
  });
const now = Promise.resolve();

describe("turns at the database", () => {
  it("go to the request that arrived first, whatever order the requests asked in", async () => {
    const release = await holdTheTurn();
    const answered: string[] = [];
    // Arrivals in the order first, second, third; the asking in the opposite order, each request
    // asking when told to (no timers: a loaded machine cannot reorder them).
    const askFirst = Promise.withResolvers<void>();
    const askSecond = Promise.withResolvers<void>();
    const first = request("first", askFirst.promise, answered);
    await sleep(1);
    const second = request("second", askSecond.promise, answered);
    await sleep(1);
    const third = request("third", now, answered);
    askSecond.resolve();
    askFirst.resolve();
    await sleep(20); // all three are waiting
    expect(answered).toEqual([]);
    await release();
    await Promise.all([first, second, third]);
    expect(answered).toEqual(["first", "second", "third"]);
  });

  it("go to the health check before every request waiting", async () => {
    const release = await holdTheTurn();
    const answered: string[] = [];
    const requests = Array.from({ length: 5 }, (_, i) => request(`request ${i}`, now, answered));
    await sleep(20);
    const checked = healthReport(t.app).then((report) => {
      answered.push("health");
      return report.status;
    });
    // On PostgreSQL the check opens its own connection and answers meanwhile; PGlite's waits its turn.
    await (process.env.DATABASE_URL ? checked : sleep(100));
    await release();
    expect(await checked).toBe(200);
    await Promise.all(requests);
    expect(answered[0]).toBe("health");
    expect(answered).toHaveLength(6);
  });

  it("come back when a statement fails, so the requests behind it are answered", async () => {
    const release = await holdTheTurn();
    const answered: string[] = [];
    const failing = servedAsArrivedNow(() => t.app.db.execute(sql`select 1 / 0`));
    const after = request("after the failure", now, answered);
    await sleep(20);
    await release();
    await expect(failing).rejects.toThrow(/Failed query: select 1 \/ 0/);
    await after;
    expect(answered).toEqual(["after the failure"]);
  });

  it("leave the event loop free between two statements to read what arrived meanwhile", async () => {
    const release = await holdTheTurn();
    const answered: string[] = [];
    const requests = Array.from({ length: 100 }, (_, i) => request(`request ${i}`, now, answered));
    await sleep(20); // all hundred are waiting
    // A timer due at once, as a health check's request read from its socket would be: it runs while
    // the queue is still long (on PGlite after at most about 10 ms of statements), not once all
    // hundred statements have been answered one after another.
    const timer = new Promise<number>((resolve) => setTimeout(() => resolve(answered.length), 0));
    await release();
    await Promise.all(requests);
    expect(await timer).toBeLessThan(50);
  });
});
