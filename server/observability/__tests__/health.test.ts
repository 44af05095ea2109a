import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { migrationsDir } from "../../db/open";
import { startTestApp, type TestApp } from "../../testing/harness";
import { healthReport } from "../health";

const migrationCount = (
  JSON.parse(fs.readFileSync(path.join(migrationsDir(), "meta", "_journal.json"), "utf8")) as {
    entries: unknown[];
  }
).entries.length;

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function health(app: TestApp["app"] | undefined, startupError?: unknown) {
  const res = await healthReport(app, startupError);
  expect(res.headers["content-type"]).toBe("application/json");
  expect(res.headers["cache-control"]).toBe("no-store, no-transform");
  return { status: res.status, body: JSON.parse(res.body) as Record<string, unknown> };
}

// Each case starts its own app (every migration applied to a fresh PGlite): slow on a busy machine.
describe("/healthz", { timeout: 120_000 }, () => {
  it("reports the database reachable and every migration applied", async () => {
    t = await startTestApp();
    const { status, body } = await health(t.app);
    expect(status).toBe(200);
    expect(body).toEqual({
      status: "ok",
      driver: process.env.DATABASE_URL ? "postgres" : "pglite",
      pid: process.pid,
      database: true,
      migrations: { applied: migrationCount, expected: migrationCount },
      chains: expect.arrayContaining([
        { caip2: "eip155:1", local: true, running: false },
        { caip2: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp", local: true, running: false },
      ]),
    });
    expect(body.chains).toHaveLength(8);
  });

  it("answers 503 naming the missing migrations when the schema is behind the code", async () => {
    t = await startTestApp();
    const table = sql`${sql.identifier(t.app.migrationsSchema)}.__drizzle_migrations`;
    await t.app.db.execute(sql`delete from ${table} where id = (select max(id) from ${table})`);
    const { status, body } = await health(t.app);
    expect(status).toBe(503);
    expect(body).toMatchObject({
      status: "migrating",
      database: true,
      reason: `${migrationCount - 1} of ${migrationCount} database migrations applied`,
    });
  });

  it("answers 503 with the driver's reason once the database is closed", async () => {
    const closed = await startTestApp();
    await closed.close();
    const { status, body } = await health(closed.app);
    expect(status).toBe(503);
    expect(body).toMatchObject({ status: "unavailable", database: false });
    expect(body.reason).toMatch(/^database unreachable: \S/);
  });

  it("answers 503 with the startup failure when the application could not start", async () => {
    const { status, body } = await health(undefined, new Error("LATCHKEY_MASTER_KEY must be 32 bytes"));
    expect(status).toBe(503);
    expect(body).toEqual({
      status: "unavailable",
      reason: "startup failed: LATCHKEY_MASTER_KEY must be 32 bytes",
    });
  });
});
