import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UUID_PATTERN } from "../../ids";
import { newApiKey, startTestApp, type TestApp, type TestKey } from "../../testing/harness";
import { createLogger } from "../logger";

/** Every line the application logs, as written (pino's JSON text), and parsed. */
const lines: string[] = [];
const capture = { write: (line: string) => void lines.push(line) };
const parsed = (from: number) => lines.slice(from).map((l) => JSON.parse(l) as Record<string, unknown>);

let t: TestApp;
let org: { organizationId: string; userId: string; key: TestKey };

// Fault injection in the test's own database: a real PostgreSQL error in the middle of an activity's
// transaction, the kind of unexpected failure (disk full, serialization, a bug) that gets logged.
const FAULTS = `
CREATE FUNCTION refuse_marked_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'injected fault for the logging test';
END $$;
CREATE TRIGGER refuse_marked_api_keys BEFORE INSERT ON api_keys
  FOR EACH ROW WHEN (NEW.name = 'explode') EXECUTE FUNCTION refuse_marked_rows();
CREATE TRIGGER refuse_marked_activities BEFORE INSERT ON activities
  FOR EACH ROW WHEN (NEW.request_body LIKE '%explode-activity%') EXECUTE FUNCTION refuse_marked_rows();
`;

beforeAll(async () => {
  t = await startTestApp({ logger: createLogger("debug", capture) });
  org = await t.newOrganization("Logged");
  for (const statement of FAULTS.split(/;\n(?=CREATE)/)) await t.app.db.execute(sql.raw(statement));
});
afterAll(async () => t?.close());

/** Send a create_users activity stamped by hand, so the test knows the exact stamp header value. */
async function createUser(userName: string, apiKeyName: string) {
  const created = newApiKey();
  const body = JSON.stringify(
    t.activity("ACTIVITY_TYPE_CREATE_USERS_V4", org.organizationId, {
      users: [
        {
          userName,
          apiKeys: [{ apiKeyName, publicKey: created.publicKey, curveType: "API_KEY_CURVE_P256" }],
          authenticators: [],
          oauthProviders: [],
          userTags: [],
        },
      ],
    }),
  );
  const stamp = await org.key.stamper.stamp(body);
  const from = lines.length;
  const res = await t.call("submit", "create_users", body, {
    headers: { [stamp.stampHeaderName]: stamp.stampHeaderValue },
  });
  return { res, created, stampValue: stamp.stampHeaderValue, logged: lines.slice(from).join("\n"), from };
}

function requestIdOf(body: unknown): string | undefined {
  const details = (body as { details?: { "@type": string; requestId?: string }[] }).details ?? [];
  return details.find((d) => d["@type"].endsWith("google.rpc.RequestInfo"))?.requestId;
}

function expectNoSecrets(logged: string, secrets: string[]) {
  const masterKey = t.app.masterKey;
  for (const secret of [...secrets, masterKey.toString("hex"), masterKey.toString("base64")]) {
    expect(secret.length).toBeGreaterThan(20);
    expect(logged).not.toContain(secret);
  }
}

describe("request logs", () => {
  it("log each request once, with its request id, and nothing of the body or the stamp", async () => {
    const { res, created, stampValue, logged, from } = await createUser("logged-user", "fine");
    expect(res.status).toBe(200);
    const entries = parsed(from);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ msg: "request", path: "/submit/create_users", status: 200 });
    expect(entries[0]!.requestId).toMatch(UUID_PATTERN);
    expectNoSecrets(logged, [stampValue, created.publicKey, created.privateKey, org.key.privateKey]);
  });

  it("give a refused request's log line the request id its error body quotes", async () => {
    const from = lines.length;
    const forged = Buffer.from(
      JSON.stringify({
        publicKey: org.key.publicKey,
        scheme: "SIGNATURE_SCHEME_TK_API_P256",
        signature: "00",
      }),
    ).toString("base64url");
    const res = await t.call(
      "query",
      "whoami",
      { organizationId: org.organizationId },
      { headers: { "X-Stamp": forged } },
    );
    expect(res.status).toBe(401);
    const entries = parsed(from);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ path: "/query/whoami", status: 401 });
    expect(entries[0]!.requestId).toBe(requestIdOf(res.body));
    expectNoSecrets(lines.slice(from).join("\n"), [forged]);
  });

  it("log an unexpected database failure in an activity's effects without its parameters", async () => {
    const { res, created, stampValue, logged, from } = await createUser("doomed-user", "explode");
    expect(res.status).toBe(500);
    const requestId = requestIdOf(res.body);
    expect(requestId).toMatch(UUID_PATTERN);
    const entries = parsed(from);
    expect(entries.map((e) => e.msg)).toEqual(["unexpected error", "request"]);
    for (const entry of entries) expect(entry.requestId).toBe(requestId);
    // What an operator needs to find the fault is there: the database's own message.
    expect(logged).toContain("injected fault for the logging test");
    expectNoSecrets(logged, [stampValue, created.publicKey, created.privateKey, org.key.privateKey]);
  });

  it("log a failed write of the activity itself without the stamp or the raw body", async () => {
    const { res, created, stampValue, logged } = await createUser("explode-activity", "fine");
    expect(res.status).toBe(500);
    expect(logged).toContain("injected fault for the logging test");
    expectNoSecrets(logged, [stampValue, created.publicKey, created.privateKey, org.key.privateKey]);
  });

  it("put a request id on every line written while serving requests", () => {
    // The lines written at startup, before any request, are the only ones without one.
    const startup = ["database ready", "secp256k1 signing"];
    const served = parsed(0).filter((e) => !startup.includes(e.msg as string));
    expect(served.length).toBeGreaterThanOrEqual(6);
    for (const entry of served) expect(entry.requestId, JSON.stringify(entry)).toMatch(UUID_PATTERN);
  });
});
