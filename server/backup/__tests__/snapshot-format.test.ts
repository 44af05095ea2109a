import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../testing/harness";
import { parseBackup, trailerLine } from "../format";
import { restoreSnapshot } from "../restore";
import { takeSnapshot } from "../snapshot";
import { BACKED_UP_TABLES, NOT_BACKED_UP } from "../tables";

/** The snapshot's completeness, consistency under concurrent writes, and the file checks of a restore. */

const MASTER = randomBytes(32).toString("hex");
let source: TestApp;
let org: Awaited<ReturnType<TestApp["newOrganization"]>>;

beforeAll(async () => {
  source = await startTestApp({ env: { LATCHKEY_MASTER_KEY: MASTER } });
  org = await source.newOrganization("Snapshot");
});
afterAll(async () => source?.close());

const rowsOf = async (t: TestApp, query: string) =>
  (await t.app.db.execute(sql.raw(query))) as unknown as { rows: Record<string, unknown>[] };

async function withEmptyTarget<T>(masterKey: string, run: (target: TestApp) => Promise<T>): Promise<T> {
  const target = await startTestApp({ env: { LATCHKEY_MASTER_KEY: masterKey } });
  try {
    return await run(target);
  } finally {
    await target.close();
  }
}

const createUser = (name: string) =>
  source.call(
    "submit",
    "create_users",
    source.activity("ACTIVITY_TYPE_CREATE_USERS_V4", org.organizationId, {
      users: [{ userName: name, apiKeys: [], authenticators: [], oauthProviders: [], userTags: [] }],
    }),
    org.key,
  );

describe("backup snapshot", () => {
  it("every table of the schema is backed up or left out with a reason", async () => {
    const { rows } = await rowsOf(
      source,
      `select table_name as name from information_schema.tables
       where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
    );
    const tables = rows.map((r) => r.name as string).filter((n) => !n.includes("migrations"));
    expect(tables.sort()).toEqual([...BACKED_UP_TABLES, ...Object.keys(NOT_BACKED_UP)].sort());
  });

  it("is consistent while activities commit: every restored user creation has its users, and no user lacks one", async () => {
    const writes = Array.from({ length: 12 }, (_, i) => createUser(`racer-${i}`));
    const snapshot = await takeSnapshot(source.app, new Date());
    expect((await Promise.all(writes)).map((r) => r.status)).toEqual(Array(12).fill(200));
    await withEmptyTarget(MASTER, async (target) => {
      await restoreSnapshot(target.app, snapshot);
      const created = await rowsOf(
        target,
        `select jsonb_array_elements_text(result->'createUsersResult'->'userIds') as id from activities
         where type = 'ACTIVITY_TYPE_CREATE_USERS_V4' and status = 'ACTIVITY_STATUS_COMPLETED'`,
      );
      const racers = await rowsOf(target, `select id from users where name like 'racer-%'`);
      expect(racers.rows.map((r) => r.id).sort()).toEqual(created.rows.map((r) => r.id).sort());
    });
  });

  it("a truncated or edited file is refused before anything is read into the database", async () => {
    const snapshot = await takeSnapshot(source.app, new Date());
    const lines = snapshot.trimEnd().split("\n");
    expect(() => parseBackup(lines.slice(0, -1).join("\n"))).toThrow(/incomplete.*trailer/);
    const edited = snapshot.replace('"Snapshot"', '"Snapshoz"');
    expect(() => parseBackup(edited)).toThrow(/checksum does not match/);
    expect(() => parseBackup("hello\n")).toThrow(/not a Latchkey backup/);
  });

  it("a backup of another schema level is refused, naming both levels", async () => {
    const lines = (await takeSnapshot(source.app, new Date())).trimEnd().split("\n");
    const header = JSON.parse(lines[0]!);
    header.schema = { migrations: header.schema.migrations - 1, latest: "0004_rate_limit_buckets" };
    const body = [JSON.stringify(header), ...lines.slice(1, -1)];
    const counts = JSON.parse(lines.at(-1)!).rows;
    const older = `${[...body, trailerLine(body, counts)].join("\n")}\n`;
    await withEmptyTarget(MASTER, async (target) => {
      await expect(restoreSnapshot(target.app, older)).rejects.toThrow(
        /made at schema level \d+ \(0004_rate_limit_buckets\), this installation is at \d+ \(/,
      );
      expect((await rowsOf(target, "select id from organizations")).rows).toEqual([]);
    });
  });
});
