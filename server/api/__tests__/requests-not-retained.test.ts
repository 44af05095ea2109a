import { AsyncLocalStorage } from "node:async_hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { healthResponse } from "../../observability/health";
import { collectGarbage } from "../../testing/collect-garbage";
import { newApiKey, startTestApp, type TestApp, type TestKey } from "../../testing/harness";

/**
 * A server answers requests for as long as it runs: whatever it keeps of an answered request is
 * kept forever, once per request. Each request here runs in an async context of its own holding a
 * large body, as under the HTTP server (Next.js keeps the request, its response and its caches in
 * one); a promise reaction, timer or listener left behind on something long-lived keeps that
 * context, and it would not be collected. A health check once did exactly that (server/db/readiness.ts).
 *
 * Requests here go one at a time, on the pool's warm connection. What stays bounded is left out: a
 * pooled connection opened during a request keeps that request's context while it lives, and an
 * idle one keeps its last user's through its idle timer — at most one request per connection.
 */

let t: TestApp;
let organizationId: string;
let key: TestKey;
let ethereum: string;

beforeAll(async () => {
  t = await startTestApp();
  ({ organizationId, key } = await t.newOrganization());
  const created = await t.call<{ activity: { result: { createWalletResult: { addresses: string[] } } } }>(
    "submit",
    "create_wallet",
    t.activity("ACTIVITY_TYPE_CREATE_WALLET", organizationId, {
      walletName: "kept?",
      accounts: [
        {
          curve: "CURVE_SECP256K1",
          pathFormat: "PATH_FORMAT_BIP32",
          path: "m/44'/60'/0'/0/0",
          addressFormat: "ADDRESS_FORMAT_ETHEREUM",
        },
      ],
    }),
    key,
  );
  expect(created.status).toBe(200);
  ethereum = created.body.activity.result.createWalletResult.addresses[0]!;
});
afterAll(async () => t?.close());

const requests = new AsyncLocalStorage<object>();

/** Runs `answer` `times` times, each in a request context of its own; WeakRefs to the contexts. */
async function answeredIn(times: number, answer: (n: number) => Promise<number>): Promise<WeakRef<object>[]> {
  const contexts: WeakRef<object>[] = [];
  const one = (n: number) => {
    const context = { body: new Uint8Array(256 * 1024) };
    contexts.push(new WeakRef(context));
    return requests.run(context, () => answer(n));
  };
  for (let n = 0; n < times; n++) await one(n);
  return contexts;
}

describe("an answered request is not kept", () => {
  it("whatever the route and whatever the answer", async () => {
    const outsider = newApiKey();
    const answers: Record<string, (n: number) => Promise<number>> = {
      "GET /healthz": async () => (await healthResponse(t.app)).status,
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
      const statuses: number[] = [];
      contexts[route] = await answeredIn(8, async (n) => {
        const status = await answer(n);
        statuses.push(status);
        return status;
      });
      expect(statuses, route).toEqual(Array(8).fill(expected[route]));
    }
    await collectGarbage();
    const kept = Object.fromEntries(
      Object.entries(contexts).map(([route, refs]) => [route, refs.filter((ref) => ref.deref()).length]),
    );
    expect(kept).toEqual(Object.fromEntries(Object.keys(answers).map((route) => [route, 0])));
  });
});
