import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../testing/harness";
import { rateLimitBuckets } from "../schema";
import { transactionRows } from "./transaction-rows";

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

  const terminateBackendOf = async (processId: number) => {
    await t.app.db.execute(sql`select pg_terminate_backend(${processId})`);
  };

  it("a transaction whose connection is terminated fails alone, and the pool goes on with new connections", async () => {
    const { bucket, stored, everyConnectionClean } = rows();
    const written = randomUUID();
    let processId: number | undefined;
    const doomed = t.app.db.transaction(async (tx) => {
      await tx.insert(rateLimitBuckets).values(bucket(written));
      const [row] = (
        (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] }
      ).rows;
      processId = row!.pid;
      await tx.execute(sql`select pg_sleep(30)`);
    });
    while (processId === undefined) await new Promise((resolve) => setTimeout(resolve, 10));
    await terminateBackendOf(processId);
    await expect(doomed).rejects.toThrow();
    expect(await stored(written)).toBe(0);
    await everyConnectionClean();
  });

  it("so does a connection lost while it waits between a transaction's statements", async () => {
    const { bucket, stored, everyConnectionClean } = rows();
    const written = randomUUID();
    let processId: number | undefined;
    let resume: () => void = () => undefined;
    const paused = new Promise<void>((resolve) => {
      resume = resolve;
    });
    const doomed = t.app.db.transaction(async (tx) => {
      await tx.insert(rateLimitBuckets).values(bucket(written));
      const [row] = (
        (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] }
      ).rows;
      processId = row!.pid;
      await paused;
      await tx.insert(rateLimitBuckets).values(bucket(randomUUID()));
    });
    while (processId === undefined) await new Promise((resolve) => setTimeout(resolve, 10));
    await terminateBackendOf(processId);
    // Let the closed socket be noticed while the connection is lent out and idle.
    await new Promise((resolve) => setTimeout(resolve, 200));
    resume();
    await expect(doomed).rejects.toThrow();
    expect(await stored(written)).toBe(0);
    await everyConnectionClean();
  });
});
