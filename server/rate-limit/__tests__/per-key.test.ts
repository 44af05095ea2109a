import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newApiKey, startTestApp, type TestApp, type TestKey } from "../../testing/harness";
import {
  activityRows,
  createUser,
  expectRateLimited,
  LIMITED_ENV,
  metric,
  nextWindow,
  whoami,
} from "./limits-scene";

let t: TestApp;
let orgId: string;
let flooded: TestKey;
/** A second key of the same root user, in the same organization. */
let other: TestKey;

beforeAll(async () => {
  t = await startTestApp({ env: LIMITED_ENV });
  const org = await t.newOrganization("Limited");
  orgId = org.organizationId;
  flooded = org.key;
  other = newApiKey();
  const added = await t.call(
    "submit",
    "create_api_keys",
    t.activity("ACTIVITY_TYPE_CREATE_API_KEYS_V2", orgId, {
      userId: org.userId,
      apiKeys: [{ apiKeyName: "other", publicKey: other.publicKey, curveType: "API_KEY_CURVE_P256" }],
    }),
    flooded,
  );
  expect(added.status, JSON.stringify(added.body)).toBe(200);
});
afterAll(async () => t?.close());

describe("rate limits per credential", () => {
  it("a key past its activity budget gets 429s that write nothing; another key of the organization is unaffected", async () => {
    nextWindow(t);
    for (let i = 0; i < 3; i++) expect((await createUser(t, orgId, flooded)).status).toBe(200);
    const before = await activityRows(t);
    for (let i = 0; i < 5; i++) expectRateLimited(await createUser(t, orgId, flooded), "key", "activity");
    expect(await activityRows(t)).toBe(before);

    const unaffected = await createUser(t, orgId, other);
    expect(unaffected.status, JSON.stringify(unaffected.body)).toBe(200);
    expect(await activityRows(t)).toBe(before + 1);
  });

  it("queries have a budget of their own: a key out of activities still reads, and the reverse", async () => {
    nextWindow(t);
    for (let i = 0; i < 3; i++) expect((await createUser(t, orgId, flooded)).status).toBe(200);
    expectRateLimited(await createUser(t, orgId, flooded), "key", "activity");
    for (let i = 0; i < 5; i++) expect((await whoami(t, orgId, flooded)).status).toBe(200);
    expectRateLimited(await whoami(t, orgId, flooded), "key", "query");

    nextWindow(t);
    for (let i = 0; i < 6; i++) await whoami(t, orgId, other);
    expectRateLimited(await whoami(t, orgId, other), "key", "query");
    expect((await createUser(t, orgId, other)).status).toBe(200);
  });

  it("lets the key in again once Retry-After has passed", async () => {
    nextWindow(t);
    for (let i = 0; i < 3; i++) await createUser(t, orgId, flooded);
    const retryAfter = expectRateLimited(await createUser(t, orgId, flooded), "key", "activity");
    t.clock.advance(retryAfter * 1000 - 1000);
    if (retryAfter > 1) expectRateLimited(await createUser(t, orgId, flooded), "key", "activity");
    t.clock.advance(1000);
    expect((await createUser(t, orgId, flooded)).status).toBe(200);
  });

  it("every request spends its budget exactly once, however far it gets, and past it a 429 wins over any other refusal", async () => {
    nextWindow(t);
    // Five queries, the budget: answered, refused before the caller is looked up (an activity's
    // field in a query), and refused by the lookup itself (no such organization).
    expect((await whoami(t, orgId, flooded)).status).toBe(200);
    const envelope = await t.call("query", "whoami", { organizationId: orgId, type: "X" }, flooded);
    expect(envelope.status, JSON.stringify(envelope.body)).toBe(400);
    const unknown = await whoami(t, randomUUID(), flooded);
    expect(unknown.status, JSON.stringify(unknown.body)).toBe(404);
    expect((await whoami(t, orgId, flooded)).status).toBe(200);
    expect((await whoami(t, orgId, flooded)).status).toBe(200);
    expectRateLimited(await whoami(t, orgId, flooded), "key", "query");
    expectRateLimited(
      await t.call("query", "whoami", { organizationId: orgId, type: "X" }, flooded),
      "key",
      "query",
    );
    expectRateLimited(await whoami(t, randomUUID(), flooded), "key", "query");

    // Activities alike: a stale request is refused before its caller is looked up, and counts.
    const stale = {
      ...t.activity("ACTIVITY_TYPE_CREATE_USERS_V4", orgId, { users: [] }),
      timestampMs: String(t.clock.now().getTime() - 2 * 60 * 60 * 1000),
    };
    expect((await t.call("submit", "create_users", stale, flooded)).status).toBe(401);
    expect((await createUser(t, orgId, flooded)).status).toBe(200);
    expect((await createUser(t, orgId, flooded)).status).toBe(200);
    const before = await activityRows(t);
    expectRateLimited(await t.call("submit", "create_users", stale, flooded), "key", "activity");
    expectRateLimited(await createUser(t, orgId, flooded), "key", "activity");
    expect(await activityRows(t)).toBe(before);
  });

  it("a forged stamp naming a key does not spend that key's budget", async () => {
    nextWindow(t);
    const impostor = newApiKey();
    for (let i = 0; i < 10; i++) {
      const body = JSON.stringify({ organizationId: orgId });
      const stamp = JSON.parse(
        Buffer.from((await impostor.stamper.stamp(body)).stampHeaderValue, "base64url").toString(),
      );
      const forged = Buffer.from(JSON.stringify({ ...stamp, publicKey: flooded.publicKey })).toString(
        "base64url",
      );
      const refused = await t.call("query", "whoami", body, { headers: { "X-Stamp": forged } });
      expect(refused.status).toBe(401);
    }
    expect((await whoami(t, orgId, flooded)).status).toBe(200);
  });

  it("counts refusals in /metrics by scope and kind", async () => {
    const sample = 'latchkey_rate_limited_total{scope="key",kind="activity"}';
    const before = await metric(t, sample);
    nextWindow(t);
    for (let i = 0; i < 3; i++) await createUser(t, orgId, flooded);
    for (let i = 0; i < 2; i++) await createUser(t, orgId, flooded);
    expect(await metric(t, sample)).toBe(before + 2);
    expect(
      await metric(t, 'latchkey_http_requests_total{path="/submit/create_users",status="429"}'),
    ).toBeGreaterThan(0);
  });

  it("keeps its counters in an unlogged table: counting a request writes no WAL and waits for no disk sync", async () => {
    const result = (await t.app.db.execute(
      sql`select relpersistence from pg_class where oid = 'rate_limit_buckets'::regclass`,
    )) as unknown as { rows: { relpersistence: string }[] };
    expect(result.rows).toEqual([{ relpersistence: "u" }]);
  });
});
