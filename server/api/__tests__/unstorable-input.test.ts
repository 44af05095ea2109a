import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseDigest } from "../../testing/db-snapshot";
import { newApiKey, startTestApp, type TestApp } from "../../testing/harness";

/**
 * Values the database cannot store, or that would put a timestamp past what it can hold: each was a
 * 500 once (found by attacking the service). Each is now a 400 naming the field, and nothing is written.
 */
let t: TestApp;
let org: Awaited<ReturnType<TestApp["newOrganization"]>>;
beforeAll(async () => {
  t = await startTestApp();
  org = await t.newOrganization("Careful");
});
afterAll(async () => t?.close());

type ErrorBody = { message: string; details: { fieldViolations?: { field: string }[] }[] };

async function expectRefused(path: string, type: string, parameters: unknown, field: string, says: RegExp) {
  const before = await databaseDigest(t.app);
  const res = await t.call<ErrorBody>(
    "submit",
    path,
    t.activity(type, org.organizationId, parameters),
    org.key,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.message).toContain(field);
  expect(res.body.message).toMatch(says);
  const violations = res.body.details.flatMap((d) => d.fieldViolations ?? []).map((v) => v.field);
  expect(violations.join(" ")).toContain(field);
  expect(await databaseDigest(t.app)).toEqual(before);
}

const apiKey = (expirationSeconds: string) => ({
  apiKeyName: "ci",
  publicKey: newApiKey().publicKey,
  curveType: "API_KEY_CURVE_P256",
  expirationSeconds,
});

describe("strings PostgreSQL cannot store", () => {
  it("a lone UTF-16 surrogate in any value is a 400 naming the field", async () => {
    await expectRefused(
      "create_users",
      "ACTIVITY_TYPE_CREATE_USERS_V4",
      {
        users: [
          { userName: "lone\ud800x", apiKeys: [], authenticators: [], oauthProviders: [], userTags: [] },
        ],
      },
      "parameters.users[0].userName",
      /not well-formed Unicode/,
    );
    await expectRefused(
      "create_wallet",
      "ACTIVITY_TYPE_CREATE_WALLET",
      { walletName: "w\udfff", accounts: [] },
      "parameters.walletName",
      /not well-formed Unicode/,
    );
  });

  it("a surrogate pair (an emoji) is well-formed and stored as sent", async () => {
    const res = await t.call<{ activity: { status: string } }>(
      "submit",
      "create_wallet",
      t.activity("ACTIVITY_TYPE_CREATE_WALLET", org.organizationId, {
        walletName: "vault \ud83d\udd12",
        accounts: [],
      }),
      org.key,
    );
    expect(res.status).toBe(200);
    expect(res.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
  });
});

describe("API key lifetimes", () => {
  for (const [seconds, says] of [
    ["300000000000", /between 1 and 315360000/],
    ["999999999999999", /between 1 and 315360000/],
    ["0", /omit it for a key that never expires/],
  ] as const) {
    it(`expirationSeconds "${seconds}" is a 400 naming the field wherever keys are created`, async () => {
      await expectRefused(
        "create_api_keys",
        "ACTIVITY_TYPE_CREATE_API_KEYS_V2",
        { userId: org.userId, apiKeys: [apiKey(seconds)] },
        "parameters.apiKeys[0].expirationSeconds",
        says,
      );
      await expectRefused(
        "create_users",
        "ACTIVITY_TYPE_CREATE_USERS_V4",
        {
          users: [
            {
              userName: "bob",
              apiKeys: [apiKey(seconds)],
              authenticators: [],
              oauthProviders: [],
              userTags: [],
            },
          ],
        },
        "parameters.users[0].apiKeys[0].expirationSeconds",
        says,
      );
      await expectRefused(
        "create_sub_organization",
        "ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8",
        {
          subOrganizationName: "child",
          rootQuorumThreshold: 1,
          rootUsers: [
            { userName: "carol", apiKeys: [apiKey(seconds)], authenticators: [], oauthProviders: [] },
          ],
        },
        "parameters.rootUsers[0].apiKeys[0].expirationSeconds",
        says,
      );
    });
  }

  it("the longest allowed lifetime is accepted and expires when it says", async () => {
    const res = await t.call<{ activity: { status: string } }>(
      "submit",
      "create_api_keys",
      t.activity("ACTIVITY_TYPE_CREATE_API_KEYS_V2", org.organizationId, {
        userId: org.userId,
        apiKeys: [apiKey("315360000")],
      }),
      org.key,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const keys = await t.call<{ apiKeys: { apiKeyName: string; expirationSeconds?: string }[] }>(
      "query",
      "get_api_keys",
      { organizationId: org.organizationId, userId: org.userId },
      org.key,
    );
    expect(keys.body.apiKeys.find((k) => k.apiKeyName === "ci")?.expirationSeconds).toBe("315360000");
  });
});
