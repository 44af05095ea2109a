import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { benchPolicies } from "../../cli/bench/policy-cost";
import { startTestApp, type TestApp } from "../../testing/harness";

/**
 * Migration 0037: the append-only records' large values are compressed with lz4 where the
 * PostgreSQL build has it (pglz otherwise, PGlite among them), and read back whole either way.
 * Migration 0038: a row past 2 KB is still compressed, and kept whole in its page instead of
 * going out of line.
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

/** Rows in the TOAST table of `table`: one per chunk of every value stored out of line. */
async function outOfLineChunks(table: string): Promise<number> {
  const [toast] = await rows<{ name: string }>(
    sql`select reltoastrelid::regclass::text as name from pg_class where oid = ${table}::regclass`,
  );
  const [count] = await rows<{ n: number }>(sql.raw(`select count(*)::int as n from ${toast!.name}`));
  return count!.n;
}

it("keeps large audit entries and evaluation rounds compressed in their rows: nothing out of line", async () => {
  const { organizationId, key } = await t.newOrganization();
  const { userId: memberId, key: memberKey } = await t.newMember(organizationId, key);
  const before = (await outOfLineChunks("audit_entries")) + (await outOfLineChunks("policy_evaluations"));
  const policies = await t.call(
    "submit",
    "create_policies",
    t.activity("ACTIVITY_TYPE_CREATE_POLICIES", organizationId, { policies: benchPolicies(100, memberId) }),
    key,
  );
  expect(policies.status, JSON.stringify(policies.body)).toBe(200);
  // Ten more: a body of about 3 KB, between the 2 KB where compression starts and a page's 8 KB.
  const fewer = benchPolicies(10, memberId).map((p) => ({ ...p, policyName: `few ${p.policyName}` }));
  const few = await t.call(
    "submit",
    "create_policies",
    t.activity("ACTIVITY_TYPE_CREATE_POLICIES", organizationId, { policies: fewer }),
    key,
  );
  expect(few.status, JSON.stringify(few.body)).toBe(200);

  // The member's own activity: every one of the 110 policies is evaluated, and none allows it.
  const denied = await t.call(
    "submit",
    "create_users",
    t.activity("ACTIVITY_TYPE_CREATE_USERS_V4", organizationId, {
      users: [{ userName: "x", apiKeys: [], authenticators: [], oauthProviders: [], userTags: [] }],
    }),
    memberKey,
  );
  expect(denied.status).toBe(403);
  const [round] = await rows<{
    activity_id: string;
    raw: number;
    stored: number;
    table_raw: number;
    table_stored: number;
  }>(sql`
    select e.activity_id, octet_length(e.payload) as raw, pg_column_size(e.payload) as stored,
      octet_length(p.policy_evaluations::text) as table_raw, pg_column_size(p.policy_evaluations) as table_stored
    from audit_entries e join policy_evaluations p on p.id = e.record_id
    where e.kind = 'EVALUATION' and e.organization_id = ${organizationId}
    order by e.seq desc limit 1`);
  expect(round!.raw).toBeGreaterThan(8000);
  expect(round!.stored).toBeLessThan(round!.raw);
  expect(round!.table_raw).toBeGreaterThan(8000);
  expect(round!.table_stored).toBeLessThan(round!.table_raw);
  // Nothing went out of line: not the round, not the bodies of the policies' creation.
  const after = (await outOfLineChunks("audit_entries")) + (await outOfLineChunks("policy_evaluations"));
  expect(after).toBe(before);
  // And every entry past 2 KB is compressed, as before: kept in its row is not kept raw.
  const large = await rows<{ raw: number; stored: number }>(sql`
    select octet_length(payload) as raw, pg_column_size(payload) as stored from audit_entries
    where organization_id = ${organizationId} and octet_length(payload) > 2100`);
  expect(large.filter((entry) => entry.raw < 8000).length).toBeGreaterThanOrEqual(2);
  expect(large.filter((entry) => entry.raw > 8000).length).toBeGreaterThanOrEqual(3);
  for (const entry of large) expect(entry.stored).toBeLessThan(entry.raw / 2);

  const evaluations = await t.call<{ policyEvaluations: { policyEvaluations: unknown[] }[] }>(
    "query",
    "get_policy_evaluations",
    { organizationId, activityId: round!.activity_id },
    key,
  );
  expect(evaluations.status, JSON.stringify(evaluations.body)).toBe(200);
  expect(evaluations.body.policyEvaluations[0]!.policyEvaluations).toHaveLength(110);
});
