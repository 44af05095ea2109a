import { sql } from "drizzle-orm";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { READINESS_APPLICATION_NAME } from "../../db/readiness";
import { startTestApp, type TestApp } from "../../testing/harness";
import { healthReport } from "../health";

/**
 * GET /healthz on PostgreSQL reads the database over a connection of its own, so a load balancer's
 * check is answered while every pooled connection is busy with requests — a busy instance is not a
 * dead one — and still fails when the database does not answer.
 */

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function health(app: TestApp["app"]) {
  const report = await healthReport(app);
  return { status: report.status, body: JSON.parse(report.body) as Record<string, unknown> };
}

/** Hold `count` pooled connections in open transactions until `release` is called. */
function holdConnections(
  app: TestApp["app"],
  count: number,
  during: (tx: { execute: typeof app.db.execute }) => Promise<unknown> = async () => undefined,
) {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let started = 0;
  let allStarted: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    allStarted = resolve;
  });
  const held = Array.from({ length: count }, () =>
    app.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await during(tx as never);
      if (++started === count) allStarted();
      await gate;
    }),
  );
  return {
    ready,
    async release() {
      release();
      await Promise.all(held);
    },
  };
}

/** The backends serving this app's health checks: their last statement names the app's own schema. */
async function checkBackends(app: TestApp["app"], schema: string): Promise<number[]> {
  const answer = (await app.db.execute(
    sql`select pid from pg_stat_activity
        where application_name = ${READINESS_APPLICATION_NAME} and position(${schema} in query) > 0`,
  )) as unknown as { rows: { pid: number }[] };
  return answer.rows.map((row) => row.pid);
}

describe("/healthz on PostgreSQL", { timeout: 60_000 }, () => {
  it("answers 200 while every pooled connection is taken and requests queue for one", async () => {
    t = await startTestApp({ env: { LATCHKEY_DATABASE_POOL_SIZE: "2" } });
    const held = holdConnections(t.app, 2);
    await held.ready;
    let queuedDone = false;
    const queued = t.app.db.execute(sql`select 1`).then(() => {
      queuedDone = true;
    });
    const { status, body } = await health(t.app);
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: "ok", database: true });
    // The pool really was exhausted: the request's statement was still waiting for a connection.
    expect(queuedDone).toBe(false);
    await held.release();
    await queued;
    expect(queuedDone).toBe(true);
  });

  it("opens one connection for checks that arrive together, and opens it again after the database dropped it", async () => {
    t = await startTestApp();
    const schema = t.pgSchema!;
    const together = await Promise.all(Array.from({ length: 8 }, () => health(t!.app)));
    expect(together.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    const opened = await checkBackends(t.app, schema);
    expect(opened).toHaveLength(1);
    const first = opened[0];
    await t.app.db.execute(sql`select pg_terminate_backend(${first}::int)`);
    // The check that meets the dead connection may fail; the one after it reconnects.
    const statuses = [(await health(t.app)).status, (await health(t.app)).status];
    expect(statuses.at(-1)).toBe(200);
    const reopened = await checkBackends(t.app, schema);
    expect(reopened).toHaveLength(1);
    expect(reopened[0]).not.toBe(first);
  });

  it("answers 503 when the database does not answer the check in time, and 200 once it does", async () => {
    t = await startTestApp();
    const table = sql`${sql.identifier(t.app.migrationsSchema)}.__drizzle_migrations`;
    // A transaction holding the migrations table exclusively: the check's read waits on it.
    const held = holdConnections(t.app, 1, (tx) =>
      tx.execute(sql`lock table ${table} in access exclusive mode`),
    );
    await held.ready;
    const { status, body } = await health(t.app);
    expect(status).toBe(503);
    expect(body).toMatchObject({ status: "unavailable", database: false });
    expect(body.reason).toMatch(/^database unreachable: .*statement timeout/);
    await held.release();
    expect((await health(t.app)).status).toBe(200);
  });

  it("leaves no connection of its own behind once the database is closed", async () => {
    const app = await startTestApp();
    const schema = app.pgSchema!;
    expect((await health(app.app)).status).toBe(200);
    await app.close();
    // Read from outside: the app's own pool is gone with it.
    const outside = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await outside.connect();
    try {
      // A backend ended by its client leaves pg_stat_activity a moment later.
      let left = -1;
      for (let attempt = 0; attempt < 50 && left !== 0; attempt++) {
        if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 20));
        const answer = await outside.query(
          "select count(*)::int as n from pg_stat_activity where application_name = $1 and position($2 in query) > 0",
          [READINESS_APPLICATION_NAME, schema],
        );
        left = answer.rows[0].n;
      }
      expect(left).toBe(0);
    } finally {
      await outside.end();
    }
  });
});
