import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityRegistry, voteRegistry } from "../../activities/index";
import type { AppContext } from "../../context";
import { queryRegistry } from "../../queries/index";
import { startTestApp, type TestApp, type TestKey } from "../../testing/harness";
import { stampBytes } from "../../testing/raw-stamp";
import { handleApiRequest } from "../handle";

/**
 * Malformed bodies against every endpoint, validly stamped so that parsing and validation (not
 * authentication) are what the input meets: never a 5xx, always a JSON error naming the problem.
 */

const activityEndpoints = [
  ...Object.values(activityRegistry).map((d) => ({ path: d.path, type: d.type })),
  ...Object.entries(voteRegistry).map(([path, v]) => ({ path, type: v.type })),
];
const queryEndpoints = Object.keys(queryRegistry);

let t: TestApp;
let orgId: string;
let root: TestKey;

beforeAll(async () => {
  t = await startTestApp();
  const org = await t.newOrganization("Fuzzed");
  orgId = org.organizationId;
  root = org.key;
});
afterAll(async () => t?.close());

async function send(app: AppContext, kind: "submit" | "query", path: string, body: Uint8Array) {
  const request = new Request(`http://localhost/public/v1/${kind}/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...stampBytes(root, body) },
    body: new Uint8Array(body),
  });
  const response = await handleApiRequest(app, request, { kind, path });
  const text = await response.text();
  return { status: response.status, text };
}

function expectClientError(res: { status: number; text: string }, input: unknown) {
  const context = `input ${JSON.stringify(input)?.slice(0, 300)} → ${res.status} ${res.text.slice(0, 300)}`;
  expect(res.status, context).toBeLessThan(500);
  if (res.status >= 400) {
    const body = JSON.parse(res.text) as { code: unknown; message: unknown };
    expect(typeof body.code, context).toBe("number");
    expect(typeof body.message, context).toBe("string");
    expect((body.message as string).length, context).toBeGreaterThan(0);
  }
}

const encode = (s: string) => new TextEncoder().encode(s);

/** JSON values that stress the validators: wrong types, odd numbers, long and strange strings. */
const weirdJson = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.constantFrom(null, true, false, 0, -1, 1e308, -0, 2 ** 53 + 1, "", " ", "\u0000", "ACTIVITY_TYPE_"),
    fc.string({ maxLength: 40 }),
    fc.string({ unit: "grapheme", maxLength: 20 }),
    fc.double(),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 12 }), tie("value"), { maxKeys: 5 }),
  ),
})).value;

/** A real parameter name of some endpoint, so generated objects hit real fields with wrong values. */
const knownFields = fc.constantFrom(
  "userId",
  "userIds",
  "users",
  "apiKeys",
  "authenticators",
  "publicKey",
  "curveType",
  "organizationName",
  "threshold",
  "fingerprint",
  "userName",
  "userEmail",
  "userPhoneNumber",
  "subOrganizationName",
  "rootUsers",
  "rootQuorumThreshold",
  "expirationSeconds",
  "paginationOptions",
  "filterType",
  "filterValue",
  "activityId",
  "apiKeyId",
  "authenticatorId",
  "targetPublicKey",
);
const parameters = fc.dictionary(fc.oneof(knownFields, fc.string({ maxLength: 10 })), weirdJson, {
  maxKeys: 6,
});

describe("fuzzing every endpoint with malformed bodies", () => {
  it("activities: random parameters of the right envelope never cause a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...activityEndpoints), parameters, async (endpoint, params) => {
        const body = { ...t.activity(endpoint.type, orgId, params) };
        const res = await send(t.app, "submit", endpoint.path, encode(JSON.stringify(body)));
        expectClientError(res, body);
      }),
      { numRuns: 300 },
    );
  });

  it("activities: random envelopes (wrong types for type, timestampMs, organizationId) are 4xx", async () => {
    const envelope = fc.record(
      {
        type: fc.oneof(weirdJson, fc.constantFrom(...activityEndpoints.map((e) => e.type))),
        timestampMs: fc.oneof(weirdJson, fc.constant(String(Date.now()))),
        organizationId: fc.oneof(weirdJson, fc.constant("00000000-0000-7000-8000-000000000000")),
        parameters: fc.oneof(weirdJson, parameters),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...activityEndpoints), envelope, async (endpoint, body) => {
        const res = await send(t.app, "submit", endpoint.path, encode(JSON.stringify(body)));
        expectClientError(res, body);
        expect(res.status).toBeGreaterThanOrEqual(400);
      }),
      { numRuns: 200 },
    );
  });

  it("queries: random fields beside the right organization id never cause a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...queryEndpoints), parameters, async (path, fields) => {
        const body = { ...fields, organizationId: orgId };
        const res = await send(t.app, "query", path, encode(JSON.stringify(body)));
        expectClientError(res, body);
      }),
      { numRuns: 300 },
    );
  });

  it("bodies that are not JSON objects (any bytes, truncated JSON, arrays, scalars) are 400", async () => {
    const rawBodies = fc.oneof(
      fc.uint8Array({ maxLength: 64 }),
      fc.string({ maxLength: 64 }).map(encode),
      weirdJson
        .filter((v) => typeof v !== "object" || v === null || Array.isArray(v))
        .map((v) => encode(JSON.stringify(v))),
      fc
        .tuple(
          fc.constant(JSON.stringify(t.activity("ACTIVITY_TYPE_CREATE_USERS_V4", orgId, { users: [] }))),
          fc.nat(),
        )
        .map(([text, cut]) => encode(text.slice(0, cut % text.length))),
    );
    const allPaths = [
      ...activityEndpoints.map((e) => ["submit", e.path] as const),
      ...queryEndpoints.map((p) => ["query", p] as const),
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...allPaths), rawBodies, async ([kind, path], body) => {
        const res = await send(t.app, kind, path, body);
        expectClientError(res, Buffer.from(body).toString("hex"));
        expect(res.status).toBe(400);
      }),
      { numRuns: 300 },
    );
  });

  it("deeply nested JSON is a 4xx, not a crash", async () => {
    for (const depth of [1_000, 100_000]) {
      const nested = `${"[".repeat(depth)}${"]".repeat(depth)}`;
      const body = encode(`{"organizationId":"${orgId}","parameters":${nested}}`);
      const res = await send(t.app, "query", "whoami", body);
      expectClientError(res, `depth ${depth}`);
      const activity = encode(
        `{"type":"ACTIVITY_TYPE_CREATE_USERS_V4","timestampMs":"${Date.now()}","organizationId":"${orgId}","parameters":{"users":${nested}}}`,
      );
      expectClientError(await send(t.app, "submit", "create_users", activity), `depth ${depth}`);
    }
  });

  it("a NUL character anywhere is a 400 naming the field (PostgreSQL text cannot hold one)", async () => {
    const query = { organizationId: orgId, userId: "a\u0000b" };
    const res = await send(t.app, "query", "get_authenticators", encode(JSON.stringify(query)));
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text).message).toBe("userId contains the NUL character (\\u0000)");
    const activity = t.activity("ACTIVITY_TYPE_CREATE_USERS_V4", orgId, { users: [{ userName: "x\u0000" }] });
    const rejected = await send(t.app, "submit", "create_users", encode(JSON.stringify(activity)));
    expect(rejected.status).toBe(400);
    expect(JSON.parse(rejected.text).message).toContain("parameters.users[0].userName");
  });

  it("a body over the configured limit is a 413 naming the limit", async () => {
    const limit = t.app.config.maxBodyBytes;
    const body = encode(JSON.stringify({ organizationId: orgId, padding: "x".repeat(limit) }));
    const res = await send(t.app, "query", "whoami", body);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.text).message).toContain(String(limit));
  });

  it("an unknown path is a JSON 404 naming it", async () => {
    const res = await send(t.app, "submit", "create_unicorns", encode("{}"));
    expect(res.status).toBe(404);
    expect(JSON.parse(res.text).message).toContain("/public/v1/submit/create_unicorns");
  });
});
