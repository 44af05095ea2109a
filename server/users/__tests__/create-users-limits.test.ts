import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_API_KEYS_PER_ACTIVITY } from "@/lib/api/users";
import { databaseDigest } from "../../testing/db-snapshot";
import { newApiKey, startTestApp, type TestApp } from "../../testing/harness";

/**
 * One create_users of 100 users × 100 keys once held a transaction of ~20,000 round trips that every
 * other request (health checks included) waited behind. Credentials are now written in a few
 * statements, and an activity may create at most MAX_API_KEYS_PER_ACTIVITY keys in all.
 */
let t: TestApp;
let org: Awaited<ReturnType<TestApp["newOrganization"]>>;
beforeAll(async () => {
  t = await startTestApp();
  org = await t.newOrganization("Crowded");
});
afterAll(async () => t?.close());

const usersWithKeys = (users: number, keysEach: number, prefix: string) =>
  Array.from({ length: users }, (_, i) => ({
    userName: `${prefix}-${i}`,
    apiKeys: Array.from({ length: keysEach }, (_, j) => ({
      apiKeyName: `k${j}`,
      publicKey: newApiKey().publicKey,
      curveType: "API_KEY_CURVE_P256",
    })),
    authenticators: [],
    oauthProviders: [],
    userTags: [],
  }));

const submit = (users: unknown) =>
  t.call<{ activity: { status: string; result: { createUsersResult: { userIds: string[] } } } }>(
    "submit",
    "create_users",
    t.activity("ACTIVITY_TYPE_CREATE_USERS_V4", org.organizationId, { users }),
    org.key,
  );

describe("create_users at scale", () => {
  it(`creates 100 users with ${MAX_API_KEYS_PER_ACTIVITY} keys in all, each key its own user's`, async () => {
    const users = usersWithKeys(100, MAX_API_KEYS_PER_ACTIVITY / 100, "bulk");
    const res = await submit(users);
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    const ids = res.body.activity.result.createUsersResult.userIds;
    expect(ids).toHaveLength(100);
    // The 57th user holds exactly the keys sent for them, and can use one.
    const keys = await t.call<{ apiKeys: { credential: { publicKey: string } }[] }>(
      "query",
      "get_api_keys",
      { organizationId: org.organizationId, userId: ids[56] },
      org.key,
    );
    expect(keys.body.apiKeys.map((k) => k.credential.publicKey).sort()).toEqual(
      users[56]!.apiKeys.map((k) => k.publicKey).sort(),
    );
  });

  it("refuses more keys than the cap in one activity, naming it, and writes nothing", async () => {
    const before = await databaseDigest(t.app);
    const res = await submit(usersWithKeys(100, 11, "over"));
    expect(res.status).toBe(400);
    expect((res.body as unknown as { message: string }).message).toContain(
      `parameters.users: may create at most ${MAX_API_KEYS_PER_ACTIVITY} API keys in one activity across all users (this has 1100)`,
    );
    expect(await databaseDigest(t.app)).toEqual(before);
  });

  it("refuses one public key given to two users of the batch (409), and writes nothing", async () => {
    const before = await databaseDigest(t.app);
    const users = usersWithKeys(2, 1, "twin");
    users[1]!.apiKeys[0]!.publicKey = users[0]!.apiKeys[0]!.publicKey;
    const res = await submit(users);
    expect(res.status).toBe(409);
    expect(await databaseDigest(t.app)).toEqual(before);
  });
});
