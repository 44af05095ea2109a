import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { benchPolicies } from "../../cli/bench/policy-cost";
import { startTestApp, type TestApp } from "../../testing/harness";

/**
 * Migration 0037: the append-only records' large values are compressed with lz4 where the
 * PostgreSQL build has it (pglz otherwise, PGlite among them), and read back whole either way.
 */
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await t.app.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

it("stores a 100-policy activity's large values with lz4 where PostgreSQL has it, and answers them whole", async () => {
  const { organizationId, userId, key } = await t.newOrganization();
  const policies = benchPolicies(100, userId);
  const created = await t.call<{ activity: { id: string; status: string } }>(
    "submit",
    "create_policies",
    t.activity("ACTIVITY_TYPE_CREATE_POLICIES", organizationId, { policies }),
    key,
  );
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const activityId = created.body.activity.id;

  const [build] = await rows<{ lz4: boolean }>(
    sql`select 'lz4' = any(enumvals) as lz4 from pg_settings where name = 'default_toast_compression'`,
  );
  const expected = build?.lz4 ? "lz4" : "pglz";
  const [stored] = await rows<{ body: string | null; intent: string | null; payload: string | null }>(sql`
    select pg_column_compression(a.request_body) as body, pg_column_compression(a.intent) as intent,
      (select pg_column_compression(e.payload) from audit_entries e
        where e.activity_id = a.id and e.kind = 'ACTIVITY' order by e.seq desc limit 1) as payload
    from activities a where a.id = ${activityId}`);
  expect(stored).toEqual({ body: expected, intent: expected, payload: expected });

  const read = await t.call<{ activity: { intent: { createPoliciesIntent: { policies: unknown[] } } } }>(
    "query",
    "get_activity",
    { organizationId, activityId },
    key,
  );
  expect(read.status).toBe(200);
  expect(read.body.activity.intent.createPoliciesIntent.policies).toEqual(policies);
});
