import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newApiKey, startTestApp, type TestApp, type TestKey } from "../../testing/harness";
import { expectRateLimited, LIMITED_ENV, metric, nextWindow, whoami } from "./limits-scene";

let t: TestApp;
let orgId: string;
let root: TestKey;

/** Per-key limits off, 4 queries per window per address, one trusted proxy in front. */
beforeAll(async () => {
  t = await startTestApp({
    env: {
      ...LIMITED_ENV,
      LATCHKEY_RATE_LIMIT_QUERIES_PER_KEY: "0",
      LATCHKEY_RATE_LIMIT_QUERIES_PER_IP: "4",
      LATCHKEY_TRUST_PROXY: "1",
    },
  });
  const org = await t.newOrganization("Per address");
  orgId = org.organizationId;
  root = org.key;
});
afterAll(async () => t?.close());

/** What our proxy appends after whatever the client sent. */
const via = (client: string, spoofed?: string) => ({
  "x-forwarded-for": spoofed ? `${spoofed}, ${client}` : client,
});

describe("rate limits per client address", () => {
  it("one address shares its budget across keys, other addresses keep theirs", async () => {
    nextWindow(t);
    for (let i = 0; i < 4; i++) expect((await whoami(t, orgId, root, via("203.0.113.7"))).status).toBe(200);
    expectRateLimited(await whoami(t, orgId, root, via("203.0.113.7")), "ip", "query");
    // A key the server has never seen is refused by the address's limit before it is looked up.
    expectRateLimited(await whoami(t, orgId, newApiKey(), via("203.0.113.7")), "ip", "query");
    expect((await whoami(t, orgId, root, via("203.0.113.8"))).status).toBe(200);
  });

  it("what a client writes in X-Forwarded-For before our proxy's entry changes nothing", async () => {
    nextWindow(t);
    for (let i = 0; i < 4; i++) await whoami(t, orgId, root, via("198.51.100.1", `10.0.0.${i}`));
    expectRateLimited(await whoami(t, orgId, root, via("198.51.100.1", "10.9.9.9")), "ip", "query");
    expectRateLimited(await whoami(t, orgId, root, via("::ffff:198.51.100.1")), "ip", "query");
  });

  it("requests with forged or missing stamps spend the address's budget too", async () => {
    nextWindow(t);
    const before = await metric(t, 'latchkey_rate_limited_total{scope="ip",kind="query"}');
    const unstamped = () => t.call("query", "whoami", { organizationId: orgId }, null, via("192.0.2.55"));
    for (let i = 0; i < 4; i++) expect((await unstamped()).status).toBe(401);
    expectRateLimited(await unstamped(), "ip", "query");
    expectRateLimited(await whoami(t, orgId, root, via("192.0.2.55")), "ip", "query");
    expect(await metric(t, 'latchkey_rate_limited_total{scope="ip",kind="query"}')).toBe(before + 2);
  });
});
