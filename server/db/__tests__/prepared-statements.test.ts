import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { startTestApp, type TestApp } from "../../testing/harness";
import { nameHotStatements } from "../prepared-statements";
import { organizations } from "../schema";

/** What a pooled client was asked to run, config by config, as node-postgres would receive it. */
function recordingPool(naming?: { after: number; perConnection: number }) {
  let onConnect: ((client: { query: (...args: unknown[]) => unknown }) => void) | undefined;
  nameHotStatements({ on: (_event, listener) => (onConnect = listener) }, naming);
  return () => {
    const received: unknown[] = [];
    const client = { query: (...args: unknown[]) => received.push(args[0]) };
    onConnect!(client);
    return { run: (config: unknown) => client.query(config, []), received };
  };
}

const nameOf = (config: unknown) => (config as { name?: string }).name;

describe("naming hot statements", () => {
  it("names a text from its second use, the same name on every connection, and keeps the rest of the config", () => {
    const connect = recordingPool({ after: 2, perConnection: 10 });
    const one = connect();
    const two = connect();
    const select = { text: "select $1::int as n", rowMode: "array" };
    one.run(select);
    one.run(select);
    two.run(select);
    expect(nameOf(one.received[0])).toBeUndefined();
    const name = nameOf(one.received[1]);
    expect(name).toMatch(/^lk_/);
    expect(nameOf(two.received[0])).toBe(name);
    expect(one.received[1]).toMatchObject({ text: select.text, rowMode: "array" });
    // The caller's object is not changed: drizzle reuses it.
    expect(select).not.toHaveProperty("name");
  });

  it("passes strings, named statements and submittables through as they came", () => {
    const { run, received } = recordingPool({ after: 1, perConnection: 10 })();
    const submittable = { text: "select 1", submit: () => undefined };
    run("begin");
    run({ text: "select 2", name: "mine" });
    run(submittable);
    expect(received).toEqual(["begin", { text: "select 2", name: "mine" }, submittable]);
  });

  it("keeps at most perConnection named statements on a connection, and still runs the others unnamed", () => {
    const { run, received } = recordingPool({ after: 1, perConnection: 2 })();
    for (const n of [1, 2, 3, 1]) run({ text: `select ${n}` });
    expect(received.map(nameOf).map((name) => name !== undefined)).toEqual([true, true, false, true]);
    expect(received.map((config) => (config as { text: string }).text)).toEqual([
      "select 1",
      "select 2",
      "select 3",
      "select 1",
    ]);
  });
});

describe("LATCHKEY_DATABASE_PREPARE", () => {
  it("is on unless set to false, and refuses anything but true or false by name", () => {
    expect(loadConfig({}).databasePrepare).toBe(true);
    expect(loadConfig({ LATCHKEY_DATABASE_PREPARE: "true" }).databasePrepare).toBe(true);
    expect(loadConfig({ LATCHKEY_DATABASE_PREPARE: "false" }).databasePrepare).toBe(false);
    expect(() => loadConfig({ LATCHKEY_DATABASE_PREPARE: "no" })).toThrow(/LATCHKEY_DATABASE_PREPARE/);
  });
});

// PGlite has no pool and no protocol-level statements: this part is PostgreSQL's alone.
if (process.env.DATABASE_URL) {
  describe("on PostgreSQL", () => {
    let t: TestApp;
    let organizationId: string;
    beforeAll(async () => {
      t = await startTestApp();
      organizationId = (await t.newOrganization("Prepared")).organizationId;
    });
    afterAll(async () => {
      await t?.close();
    });

    const preparedOrganizationSelects = async (app: TestApp) =>
      app.app.db.transaction(async (tx) => {
        const answers = [];
        for (let i = 0; i < 3; i++) {
          answers.push(await tx.select({ id: organizations.id }).from(organizations).limit(1));
        }
        expect(answers[2]).toEqual(answers[0]);
        const prepared = (await tx.execute(
          sql`select name, statement from pg_prepared_statements where name like 'lk\\_%'`,
        )) as unknown as { rows: { name: string; statement: string }[] };
        return {
          answers,
          selects: prepared.rows.filter((row) => row.statement.includes('from "organizations"')),
        };
      });

    it("with LATCHKEY_DATABASE_PREPARE=false nothing is prepared, and the answers are the same", async () => {
      const unprepared = await startTestApp({
        env: { LATCHKEY_DATABASE_PREPARE: "false" },
        shareDatabaseWith: t,
      });
      try {
        const { answers, selects } = await preparedOrganizationSelects(unprepared);
        expect(answers[0]).toEqual([{ id: organizationId }]);
        expect(selects).toEqual([]);
      } finally {
        await unprepared.close();
      }
    });

    it("a statement run again on a connection is prepared there once and answers as before", async () => {
      const { answers, selects } = await preparedOrganizationSelects(t);
      expect(answers[0]).toEqual([{ id: organizationId }]);
      expect(selects).toHaveLength(1);
    });
  });
}
