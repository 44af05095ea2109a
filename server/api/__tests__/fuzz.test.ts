import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityRegistry, voteRegistry } from "../../activities/index";
import type { AppContext } from "../../context";
import { jsonSchema } from "../../openapi/json-schema";
import { createRootOrganization } from "../../organizations/bootstrap";
import { queryRegistry } from "../../queries/index";
import { newApiKey, startTestApp, type TestApp, type TestKey } from "../../testing/harness";
import { stampBytes } from "../../testing/raw-stamp";
import { shapedLike, weirdJson } from "../../testing/shaped-arbitrary";
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

async function send(
  app: AppContext,
  kind: "submit" | "query",
  path: string,
  body: Uint8Array,
  key: TestKey | null = root,
) {
  const request = new Request(`http://localhost/public/v1/${kind}/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(key ? stampBytes(key, body) : {}) },
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

  it("bodies shaped like each endpoint's schema, with wrong values in single fields, never cause a 5xx", async () => {
    // Placeholders in generated ids, replaced by the ids of a fresh organization for every run, so
    // that runs which succeed (deleting users, changing the quorum) do not starve the others.
    const ids = ["<ORG>", "<USER>", "<API_KEY>"];
    const activities = activityEndpoints.map((e) => {
      const definition = activityRegistry[e.path];
      const params = definition ? shapedLike(jsonSchema(definition.params), ids) : fc.constant({});
      return fc.record({ endpoint: fc.constant(e), params });
    });
    const votes = Object.keys(voteRegistry).map((path) =>
      fc.record({
        endpoint: fc.constant(activityEndpoints.find((e) => e.path === path)!),
        params: fc.record({ fingerprint: fc.oneof(weirdJson, fc.stringMatching(/^sha256:[0-9a-f]{64}$/)) }),
      }),
    );
    const queries = Object.entries(queryRegistry).map(([path, definition]) =>
      fc.record({ path: fc.constant(path), fields: shapedLike(jsonSchema(definition.request), ids) }),
    );
    const shaped = fc.oneof(
      ...[...activities, ...votes].map((a) => a.map((v) => ({ kind: "submit" as const, ...v }))),
      ...queries.map((q) => q.map((v) => ({ kind: "query" as const, ...v }))),
    );
    let runs = 0;
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(shaped, async (input) => {
        runs += 1;
        const key = newApiKey();
        const org = await createRootOrganization(t.app, {
          organizationName: `Shaped ${runs}`,
          userName: "root",
          apiPublicKey: key.publicKey,
        });
        const body =
          input.kind === "submit"
            ? t.activity(input.endpoint.type, "<ORG>", input.params)
            : { ...(input.fields as object), organizationId: "<ORG>" };
        const text = JSON.stringify(body)
          .replaceAll("<ORG>", org.organizationId)
          .replaceAll("<USER>", org.userId)
          .replaceAll("<API_KEY>", org.apiKeyId!);
        const path = input.kind === "submit" ? input.endpoint.path : input.path;
        const res = await send(t.app, input.kind, path, encode(text), key);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        expectClientError(res, text);
      }),
      { numRuns: 400 },
    );
    // The shapes must reach past validation sometimes, or this test would only fuzz the first check.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(20);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(20);
  });

  it("bytes that are not UTF-8 inside an otherwise valid body are a 400 naming the encoding", async () => {
    const invalidUtf8 = fc.constantFrom(
      [0xff],
      [0xc3, 0x28], // a lead byte without its continuation
      [0xed, 0xa0, 0x80], // an encoded UTF-16 surrogate
      [0xf8, 0x88, 0x80, 0x80, 0x80], // a 5-byte sequence
      [0xe2, 0x82], // truncated
      [0xc0, 0xaf], // overlong "/"
    );
    const paths = [
      ...activityEndpoints.map((e) => ["submit", e.path, e.type] as const),
      ...queryEndpoints.map((p) => ["query", p, ""] as const),
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths),
        invalidUtf8,
        fc.nat(),
        async ([kind, path, type], bad, at) => {
          const body =
            kind === "submit"
              ? t.activity(type, orgId, { userName: "🔑x", organizationName: "x" })
              : { organizationId: orgId, userId: "x" };
          const text = encode(JSON.stringify(body));
          // Inside some string value: just after an opening quote.
          const quotes = [...text.keys()].filter((i) => text[i] === 0x22);
          const cut = quotes[at % quotes.length]! + 1;
          const bytes = new Uint8Array([...text.subarray(0, cut), ...bad, ...text.subarray(cut)]);
          const res = await send(t.app, kind, path, bytes);
          expect(res.status, res.text).toBe(400);
          expect(JSON.parse(res.text).message).toBe("request body is not valid UTF-8");
        },
      ),
      { numRuns: 100 },
    );
  });

  it("huge strings in any field (under the body limit) are a 4xx, not a crash", async () => {
    const limit = t.app.config.maxBodyBytes;
    const huge = fc
      .constantFrom(10_000, 100_000, Math.floor(limit / 2))
      .chain((n) =>
        fc.constantFrom("x".repeat(n), "é".repeat(n / 2), `${"0".repeat(n)}1`, "a@b.".repeat(n / 4)),
      );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...activityEndpoints),
        knownFields,
        huge,
        async (endpoint, field, value) => {
          const params = { [field]: value, users: [{ userName: value }], apiKeys: [{ apiKeyName: value }] };
          const body = JSON.stringify(t.activity(endpoint.type, orgId, params));
          const res = await send(t.app, "submit", endpoint.path, encode(body));
          expectClientError(res, `${endpoint.path} ${field} × ${value.length}`);
        },
      ),
      { numRuns: 40 },
    );
    for (const path of queryEndpoints) {
      const body = encode(JSON.stringify({ organizationId: orgId, userId: "u".repeat(200_000) }));
      expectClientError(await send(t.app, "query", path, body), path);
    }
  });

  it("stamp headers of any shape are a 401 naming the problem, never a crash", async () => {
    const b64url = (v: unknown) => Buffer.from(JSON.stringify(v) ?? "").toString("base64url");
    const base64urlish = fc.stringMatching(/^[A-Za-z0-9_-]{0,120}$/);
    const apiStamp = fc.oneof(
      fc.string({ maxLength: 200 }),
      weirdJson.map(b64url),
      fc
        .record(
          {
            publicKey: fc.oneof(weirdJson, fc.stringMatching(/^0[23][0-9a-f]{64}$/)),
            scheme: weirdJson,
            signature: weirdJson,
          },
          { requiredKeys: [] },
        )
        .map(b64url),
    );
    const passkeyStamp = fc.oneof(
      fc.string({ maxLength: 200 }),
      weirdJson.map((v) => JSON.stringify(v) ?? ""),
      fc
        .record({
          authenticatorData: fc.oneof(weirdJson, base64urlish),
          clientDataJson: fc.oneof(weirdJson, base64urlish, weirdJson.map(b64url)),
          credentialId: fc.oneof(weirdJson, base64urlish),
          signature: fc.oneof(weirdJson, base64urlish),
        })
        .map((v) => JSON.stringify(v)),
    );
    const headers = fc.oneof(
      apiStamp.map((v) => ({ "X-Stamp": v })),
      passkeyStamp.map((v) => ({ "X-Stamp-Webauthn": v })),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom("whoami", "create_users"), headers, async (path, stamp) => {
        const kind = path === "whoami" ? "query" : "submit";
        const body =
          kind === "query"
            ? { organizationId: orgId }
            : t.activity("ACTIVITY_TYPE_CREATE_USERS_V4", orgId, { users: [] });
        let res: { status: number; body: { message?: string } };
        try {
          res = await t.call(kind, path, body, { headers: stamp });
        } catch (error) {
          // Some generated values are not legal header values at all: fetch refuses to send them.
          if (error instanceof TypeError) return;
          throw error;
        }
        expect(res.status, JSON.stringify(stamp)).toBe(401);
        expect(res.body.message).toMatch(/stamp|could not|no passkey|not stamped/);
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

  it("a body over the configured limit is a 413 naming the limit, on every endpoint, stamped or not", async () => {
    const limit = t.app.config.maxBodyBytes;
    const body = encode(JSON.stringify({ organizationId: orgId, padding: "x".repeat(limit) }));
    const allPaths = [
      ...activityEndpoints.map((e) => ["submit", e.path] as const),
      ...queryEndpoints.map((p) => ["query", p] as const),
    ];
    for (const [kind, path] of allPaths) {
      for (const key of [root, null]) {
        const res = await send(t.app, kind, path, body, key);
        expect(res.status, `${kind}/${path}`).toBe(413);
        expect(JSON.parse(res.text).message).toBe(`request body exceeds the limit of ${limit} bytes`);
      }
    }
    // Exactly at the limit is not too large (it fails later, for being an unknown field's padding or not).
    const atLimit = new Uint8Array(limit).fill(0x20);
    atLimit.set(encode(JSON.stringify({ organizationId: orgId })));
    expect((await send(t.app, "query", "whoami", atLimit)).status).toBe(200);
  });

  it("an unknown path is a JSON 404 naming it", async () => {
    for (const [kind, path] of [
      ["submit", "create_unicorns"],
      ["query", "get_unicorn"],
      ["query", "create_users"],
      ["submit", "whoami"],
      ["query", "__proto__"],
      ["submit", "constructor"],
    ] as const) {
      for (const key of [root, null]) {
        const res = await send(t.app, kind, path, encode("{}"), key);
        expect(res.status, `${kind}/${path}`).toBe(404);
        expect(JSON.parse(res.text).message).toBe(`unknown ${kind} path: /public/v1/${kind}/${path}`);
      }
    }
  });
});
