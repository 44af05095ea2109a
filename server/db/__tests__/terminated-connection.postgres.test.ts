import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../testing/harness";
import type { Tx } from "../client";
import { rateLimitBuckets } from "../schema";
import { failureOf, transactionRows } from "./transaction-rows";

/**
 * A pooled connection lost while it is lent out (PostgreSQL restarted, a backend terminated by an
 * operator or an idle-in-transaction timeout): the request using it fails, and nothing else does —
 * node-postgres reports the loss as an 'error' event on the connection too, which, with nobody
 * listening, would end the whole process.
 */

// PostgreSQL's alone (its pool and wire protocol): vitest.config.ts runs *.postgres.test.ts only there.
describe("on PostgreSQL", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });
  const rows = () => transactionRows(() => t.app.db, "terminated-connection");

  /**
   * A transaction that writes a row, learns its backend's process id, then goes on with `rest`;
   * `backend` resolves to that id once it is known.
   */
  function transactionWritingThen(written: string, rest: (tx: Tx) => Promise<unknown>) {
    const { bucket } = rows();
    let known: (processId: number) => void = () => undefined;
    const backend = new Promise<number>((resolve) => {
      known = resolve;
    });
    const doomed = t.app.db.transaction(async (tx) => {
      await tx.insert(rateLimitBuckets).values(bucket(written));
      const answer = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
        rows: { pid: number }[];
      };
      known(answer.rows[0]!.pid);
      await rest(tx);
    });
    return { doomed, backend };
  }

  /** The loss as the borrower hears it: from its statement, or from Drizzle's ROLLBACK after it. */
  const CONNECTION_LOST =
    /terminating connection due to administrator command|Connection terminated|not queryable/;

  const terminate = async (processId: number) => {
    await t.app.db.execute(sql`select pg_terminate_backend(${processId})`);
  };

  it("a transaction whose connection is terminated fails alone, and the pool goes on with new connections", async () => {
    const { stored, everyConnectionClean } = rows();
    const written = randomUUID();
    const { doomed, backend } = transactionWritingThen(written, (tx) => tx.execute(sql`select pg_sleep(30)`));
    // Observed from the start: the transaction may fail while the termination's own query is still
    // answering, and a rejection nobody listens to yet is reported as unhandled.
    const failure = failureOf(doomed);
    await terminate(await backend);
    expect(await failure).toMatch(CONNECTION_LOST);
    expect(await stored(written)).toBe(0);
    await everyConnectionClean();
  });

  it("so does a connection lost while it waits between a transaction's statements", async () => {
    const { bucket, stored, everyConnectionClean } = rows();
    const written = randomUUID();
    let resume: () => void = () => undefined;
    const paused = new Promise<void>((resolve) => {
      resume = resolve;
    });
    const { doomed, backend } = transactionWritingThen(written, async (tx) => {
      await paused;
      await tx.insert(rateLimitBuckets).values(bucket(randomUUID()));
    });
    const failure = failureOf(doomed);
    await terminate(await backend);
    // Let the closed socket be noticed while the connection is lent out and idle.
    await new Promise((resolve) => setTimeout(resolve, 200));
    resume();
    expect(await failure).toMatch(CONNECTION_LOST);
    expect(await stored(written)).toBe(0);
    await everyConnectionClean();
  });
});
