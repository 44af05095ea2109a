import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp, type TestKey } from "../../testing/harness";
import { metricsResponse } from "../metrics";

let t: TestApp;
let org: { organizationId: string; userId: string; key: TestKey };
beforeAll(async () => {
  t = await startTestApp();
  org = await t.newOrganization("Measured");
});
afterAll(async () => t?.close());

/** GET /metrics as a scraper sees it: the exposition text, and one sample's value (0 if absent). */
async function scrape() {
  const res = await metricsResponse(t.app.metrics);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  const text = await res.text();
  return {
    text,
    value(sample: string): number {
      const line = text.split("\n").find((l) => l.startsWith(`${sample} `));
      return line ? Number(line.slice(sample.length + 1)) : 0;
    },
  };
}

let users = 0;
const createUser = (key: TestKey | null) =>
  t.call(
    "submit",
    "create_users",
    t.activity("ACTIVITY_TYPE_CREATE_USERS_V4", org.organizationId, {
      users: [
        { userName: `metered-${++users}`, apiKeys: [], authenticators: [], oauthProviders: [], userTags: [] },
      ],
    }),
    key,
  );

describe("/metrics", () => {
  it("is Prometheus text declaring the request counter, the latency histogram and the activity counter", async () => {
    const { text } = await scrape();
    expect(text).toContain("# TYPE latchkey_http_requests_total counter");
    expect(text).toContain("# TYPE latchkey_http_request_duration_seconds histogram");
    expect(text).toContain("# TYPE latchkey_activities_total counter");
  });

  it("counts requests by path and status, and activity outcomes by type and status", async () => {
    const ok = 'latchkey_http_requests_total{path="/submit/create_users",status="200"}';
    const refused = 'latchkey_http_requests_total{path="/submit/create_users",status="401"}';
    const completed =
      'latchkey_activities_total{type="ACTIVITY_TYPE_CREATE_USERS_V4",status="ACTIVITY_STATUS_COMPLETED"}';
    const before = await scrape();

    expect((await createUser(org.key)).status).toBe(200);
    expect((await createUser(org.key)).status).toBe(200);
    expect((await createUser(null)).status).toBe(401);

    const after = await scrape();
    expect(after.value(ok) - before.value(ok)).toBe(2);
    expect(after.value(refused) - before.value(refused)).toBe(1);
    expect(after.value(completed) - before.value(completed)).toBe(2);
  });

  it("observes each request's latency in the histogram of its path", async () => {
    const count = 'latchkey_http_request_duration_seconds_count{path="/query/whoami"}';
    const infinity = 'latchkey_http_request_duration_seconds_bucket{le="+Inf",path="/query/whoami"}';
    const before = await scrape();
    for (let i = 0; i < 3; i++) {
      const res = await t.call("query", "whoami", { organizationId: org.organizationId }, org.key);
      expect(res.status).toBe(200);
    }
    const after = await scrape();
    expect(after.value(count) - before.value(count)).toBe(3);
    expect(after.value(infinity) - before.value(infinity)).toBe(3);
    expect(after.value('latchkey_http_request_duration_seconds_sum{path="/query/whoami"}')).toBeGreaterThan(
      0,
    );
  });

  it("keeps unknown paths under one label instead of one series per guess", async () => {
    const unknown = 'latchkey_http_requests_total{path="/query/unknown",status="404"}';
    const before = await scrape();
    await t.call("query", "no_such_query_a", { organizationId: org.organizationId }, org.key);
    await t.call("query", "no_such_query_b", { organizationId: org.organizationId }, org.key);
    const after = await scrape();
    expect(after.value(unknown) - before.value(unknown)).toBe(2);
    expect(after.text).not.toContain("no_such_query");
  });
});
