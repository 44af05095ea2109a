import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { healthReport } from "../../observability/health";
import { ETHEREUM_ACCOUNT } from "../../testing/accounts";
import { collectGarbage } from "../../testing/collect-garbage";
import { newApiKey, startTestApp, type TestApp, type TestKey } from "../../testing/harness";
import { answeredInRequestContexts, stillHeld } from "../../testing/request-contexts";

/**
 * A server answers requests for as long as it runs: whatever it keeps of an answered request is
 * kept forever, once per request. Each request here runs in an async context of its own holding a
 * large body, as under the HTTP server (Next.js keeps the request, its response and its caches in
 * one); a promise reaction, timer or listener left behind on something long-lived keeps that
 * context, and it would not be collected. A health check once did exactly that (server/db/readiness.ts).
 *
 * Requests here go one at a time, on the pool's warm connection. What stays bounded is left out: a
 * pooled connection opened during a request keeps that request's context while it lives. An idle
 * one no longer keeps its last borrower's (server/db/oldest-first.ts, HandBack).
 */

let t: TestApp;
let organizationId: string;
let key: TestKey;
let ethereum: string;

beforeAll(async () => {
  t = await startTestApp();
  ({ organizationId, key } = await t.newOrganization());
  [ethereum] = (await t.newWallet(organizationId, key, [ETHEREUM_ACCOUNT])).addresses as [string];
});
afterAll(async () => t?.close());

describe("an answered request is not kept", () => {
  it("whatever the route and whatever the answer", async () => {
    const outsider = newApiKey();
    const answers: Record<string, (n: number) => Promise<number>> = {
      "GET /healthz": async () => (await healthReport(t.app)).status,
      whoami: async () => (await t.call("query", "whoami", { organizationId }, key)).status,
      create_users: async (n) =>
        (
          await t.call(
            "submit",
            "create_users",
            t.activity("ACTIVITY_TYPE_CREATE_USERS_V4", organizationId, {
              users: [
                { userName: `kept-${n}`, apiKeys: [], authenticators: [], oauthProviders: [], userTags: [] },
              ],
            }),
            key,
          )
        ).status,
      sign_raw_payload: async (n) =>
        (
          await t.call(
            "submit",
            "sign_raw_payload",
            t.activity("ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2", organizationId, {
              signWith: ethereum,
              payload: `0x${(n + 1).toString(16).padStart(64, "0")}`,
              encoding: "PAYLOAD_ENCODING_HEXADECIMAL",
              hashFunction: "HASH_FUNCTION_NO_OP",
            }),
            key,
          )
        ).status,
      "an unknown key (401)": async () =>
        (await t.call("query", "whoami", { organizationId }, outsider)).status,
      "a malformed activity (400)": async () =>
        (
          await t.call(
            "submit",
            "create_users",
            t.activity("ACTIVITY_TYPE_CREATE_USERS_V4", organizationId, {}),
            key,
          )
        ).status,
    };
    const expected: Record<string, number> = {
      "GET /healthz": 200,
      whoami: 200,
      create_users: 200,
      sign_raw_payload: 200,
      "an unknown key (401)": 401,
      "a malformed activity (400)": 400,
    };
    const contexts: Record<string, WeakRef<object>[]> = {};
    for (const [route, answer] of Object.entries(answers)) {
      const answered = await answeredInRequestContexts(8, answer, 256 * 1024);
      expect(answered.answers, route).toEqual(Array(8).fill(expected[route]));
      contexts[route] = answered.contexts;
    }
    // Nothing runs in between: the warm connection, idle in the pool, keeps nothing of its last
    // borrower either (server/db/idle-connections-keep-nothing.postgres.test.ts).
    await collectGarbage();
    const kept = Object.fromEntries(
      Object.entries(contexts).map(([route, held]) => [route, stillHeld(held)]),
    );
    expect(kept).toEqual(Object.fromEntries(Object.keys(answers).map((route) => [route, 0])));
  });
});
