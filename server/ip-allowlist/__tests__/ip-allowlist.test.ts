import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TActivity } from "@/lib/api/activity";
import type { TIpAllowlist } from "@/lib/api/ip-allowlist";
import { databaseDigest } from "../../testing/db-snapshot";
import { newApiKey, startTestApp, type TestApp, type TestKey } from "../../testing/harness";

/**
 * IP allowlists through the API, behind one trusted proxy (LATCHKEY_TRUST_PROXY=1), which is how
 * the client address becomes known: the organization's list, a key's own list replacing it, a
 * disabled list, onEvaluationError when the address is unknown, and the refusals of bad input.
 */

type ActivityBody = { activity: TActivity };
interface ErrorBody {
  message: string;
  details: { turnkeyErrorCode?: string; fieldViolations?: { field: string }[] }[];
}

let t: TestApp;
let orgId: string;
let root: TestKey;
const second = newApiKey();
const OFFICE = "203.0.113.5";
const ELSEWHERE = "198.51.100.7";

const from = (address: string | undefined): Record<string, string> =>
  address ? { "x-forwarded-for": address } : {};

function set<T = ActivityBody>(parameters: unknown, address: string | undefined = OFFICE, key = root) {
  const body = t.activity("ACTIVITY_TYPE_SET_IP_ALLOWLIST", orgId, parameters);
  return t.call<T>("submit", "set_ip_allowlist", body, key, from(address));
}

function remove<T = ActivityBody>(parameters: unknown, address: string | undefined = OFFICE) {
  const body = t.activity("ACTIVITY_TYPE_REMOVE_IP_ALLOWLIST", orgId, parameters);
  return t.call<T>("submit", "remove_ip_allowlist", body, root, from(address));
}

const whoami = (address: string | undefined, key = root) =>
  t.call<ErrorBody>("query", "whoami", { organizationId: orgId }, key, from(address));

async function allowlist(publicKey?: string) {
  const body = { organizationId: orgId, ...(publicKey ? { publicKey } : {}) };
  return t.call<{ allowlist: TIpAllowlist } & ErrorBody>(
    "query",
    "get_ip_allowlist",
    body,
    root,
    from(OFFICE),
  );
}

beforeAll(async () => {
  t = await startTestApp({ env: { LATCHKEY_TRUST_PROXY: "1" } });
  const org = await t.newOrganization("Allowlisted");
  orgId = org.organizationId;
  root = org.key;
  const created = await t.call<ActivityBody>(
    "submit",
    "create_api_keys",
    t.activity("ACTIVITY_TYPE_CREATE_API_KEYS_V2", orgId, {
      userId: org.userId,
      apiKeys: [{ apiKeyName: "ci", publicKey: second.publicKey, curveType: "API_KEY_CURVE_P256" }],
    }),
    root,
  );
  expect(created.status, JSON.stringify(created.body)).toBe(200);
});

afterAll(async () => t?.close());

describe("IP allowlists", () => {
  it("an organization without one is open, and says so", async () => {
    const open = await allowlist();
    expect(open.status).toBe(200);
    expect(open.body.allowlist).toEqual({ organizationId: orgId, rules: [], enabled: false });
    expect((await whoami(ELSEWHERE)).status).toBe(200);
  });

  it("refuses malformed CIDR blocks by field, an empty enabled list, and a key of nobody here; nothing changes", async () => {
    const before = await databaseDigest(t.app);
    const cases: [unknown, string, string][] = [
      [{ rules: [{ cidr: "203.0.113.0/33" }] }, "parameters.rules[0].cidr", "from 0 to 32"],
      [
        { rules: [{ cidr: "10.0.0.0/8" }, { cidr: "not-an-ip/8" }] },
        "parameters.rules[1].cidr",
        "not an IPv4",
      ],
      [{ rules: [{ cidr: "203.0.113.7/24" }] }, "parameters.rules[0].cidr", "the block is 203.0.113.0/24"],
      [{ rules: [{ cidr: "203.0.113.5" }] }, "parameters.rules[0].cidr", "203.0.113.5/32"],
      [
        { rules: [{ cidr: "10.0.0.0/8" }, { cidr: "10.0.0.0/8" }] },
        "parameters.rules[1].cidr",
        "listed twice",
      ],
      [{ rules: [] }, "parameters.rules", "would refuse every request"],
      [
        { rules: [{ cidr: "10.0.0.0/8" }], onEvaluationError: "MAYBE" },
        "parameters.onEvaluationError",
        "ALLOW or DENY",
      ],
      [
        { publicKey: second.publicKey, enabled: true, rules: [{ cidr: "10.0.0.0/8" }] },
        "parameters.enabled",
        "organization's allowlist only",
      ],
    ];
    for (const [parameters, field, says] of cases) {
      const refused = await set<ErrorBody>(parameters);
      expect(refused.status, JSON.stringify(parameters)).toBe(400);
      expect(refused.body.message).toContain(says);
      const fields = refused.body.details.flatMap((d) => d.fieldViolations ?? []).map((v) => v.field);
      expect(fields).toContain(field);
    }
    const stranger = await set<ErrorBody>({
      publicKey: newApiKey().publicKey,
      rules: [{ cidr: "10.0.0.0/8" }],
    });
    expect(stranger.status).toBe(404);
    expect(await databaseDigest(t.app)).toEqual(before);
  });

  it("lets the listed IPv4 and IPv6 blocks in and refuses everyone else, recording nothing", async () => {
    const done = await set({
      rules: [{ cidr: "203.0.113.0/24", label: "office" }, { cidr: "2001:db8::/32" }],
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
    const stored = (await allowlist()).body.allowlist;
    expect(stored).toMatchObject({
      organizationId: orgId,
      enabled: true,
      onEvaluationError: "DENY",
      rules: [{ cidr: "203.0.113.0/24", label: "office" }, { cidr: "2001:db8::/32" }],
    });
    expect(stored.rules[0]!.createdAt).toMatch(/^\d+$/);

    expect((await whoami("203.0.113.200")).status).toBe(200);
    expect((await whoami("2001:db8:1::9")).status).toBe(200);
    const before = await databaseDigest(t.app);
    const outside = await whoami(ELSEWHERE);
    expect(outside.status).toBe(403);
    expect(outside.body.details[0]?.turnkeyErrorCode).toBe("IP_NOT_ALLOWED");
    expect(outside.body.message).toContain(
      `requests from ${ELSEWHERE} are outside organization ${orgId}'s IP allowlist`,
    );
    const activity = await set<ErrorBody>({ enabled: false }, "2001:db9::1");
    expect(activity.status).toBe(403);
    expect(activity.body.details[0]?.turnkeyErrorCode).toBe("IP_NOT_ALLOWED");
    expect(await databaseDigest(t.app)).toEqual(before);
  });

  it("honours onEvaluationError when the client address cannot be known", async () => {
    const unknown = await whoami(undefined);
    expect(unknown.status).toBe(403);
    expect(unknown.body.details[0]?.turnkeyErrorCode).toBe("IP_ALLOWLIST_EVALUATION_FAILED");
    expect(unknown.body.message).toContain("LATCHKEY_TRUST_PROXY");
    expect((await whoami("garbage")).status).toBe(403);

    expect((await set({ onEvaluationError: "ALLOW" })).status).toBe(200);
    expect((await whoami(undefined)).status).toBe(200);
    // Known and outside is still outside: ALLOW is about errors only.
    expect((await whoami(ELSEWHERE)).status).toBe(403);
    expect((await set({ onEvaluationError: "DENY" })).status).toBe(200);
    expect((await whoami(undefined)).status).toBe(403);
  });

  it("a key's own allowlist replaces the organization's for that key only", async () => {
    expect((await whoami(ELSEWHERE, second)).status).toBe(403);
    const own = await set({ publicKey: second.publicKey, rules: [{ cidr: "198.51.100.0/24", label: "ci" }] });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect((await whoami(ELSEWHERE, second)).status).toBe(200);
    expect((await whoami(OFFICE, second)).status).toBe(403);
    expect((await whoami(ELSEWHERE)).status).toBe(403);
    const shown = await allowlist(second.publicKey);
    expect(shown.body.allowlist).toMatchObject({
      publicKey: second.publicKey,
      rules: [{ cidr: "198.51.100.0/24" }],
    });
    expect(shown.body.allowlist.enabled).toBeUndefined();

    expect((await remove({ publicKey: second.publicKey })).status).toBe(200);
    expect((await whoami(ELSEWHERE, second)).status).toBe(403);
    expect((await allowlist(second.publicKey)).status).toBe(404);
  });

  it("a disabled list keeps its rules and lets everyone in; removing it opens the organization", async () => {
    expect((await set({ enabled: false })).status).toBe(200);
    expect((await whoami(ELSEWHERE)).status).toBe(200);
    expect((await allowlist()).body.allowlist).toMatchObject({
      enabled: false,
      rules: [{ cidr: "203.0.113.0/24" }, {}],
    });
    expect((await set({ enabled: true })).status).toBe(200);
    expect((await whoami(ELSEWHERE)).status).toBe(403);

    expect((await remove({})).status).toBe(200);
    expect((await whoami(ELSEWHERE)).status).toBe(200);
    const again = await remove<ErrorBody>({}, ELSEWHERE);
    expect(again.status).toBe(404);
  });
});
