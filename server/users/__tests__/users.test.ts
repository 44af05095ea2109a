import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newApiKey, startTestApp, type TestApp } from "../../testing/harness";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe("users", () => {
  it("whoami names the caller and the organization", async () => {
    const org = await t.newOrganization("Acme");
    const res = await t.call("query", "whoami", { organizationId: org.organizationId }, org.key);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      organizationId: org.organizationId,
      organizationName: "Acme",
      userId: org.userId,
      username: "root",
    });
  });

  it("creates a user with an API key that can then act, and lists it", async () => {
    const org = await t.newOrganization();
    const key = newApiKey();
    const res = await t.call(
      "submit",
      "create_users",
      t.activity("ACTIVITY_TYPE_CREATE_USERS_V4", org.organizationId, {
        users: [
          {
            userName: "alice",
            userEmail: "alice@example.com",
            apiKeys: [{ apiKeyName: "k", publicKey: key.publicKey, curveType: "API_KEY_CURVE_P256" }],
            authenticators: [],
            oauthProviders: [],
            userTags: [],
          },
        ],
      }),
      org.key,
    );
    expect(res.status).toBe(200);
    const activity = (res.body as { activity: Record<string, unknown> }).activity;
    expect(activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
    const userIds = (activity.result as { createUsersResult: { userIds: string[] } }).createUsersResult
      .userIds;
    expect(userIds).toHaveLength(1);

    const me = await t.call("query", "whoami", { organizationId: org.organizationId }, key);
    expect(me.body).toMatchObject({ userId: userIds[0], username: "alice" });

    const list = await t.call<{ users: { userName: string; userEmail?: string }[] }>(
      "query",
      "list_users",
      { organizationId: org.organizationId },
      org.key,
    );
    expect(list.body.users.map((u) => u.userName)).toEqual(["root", "alice"]);
    expect(list.body.users[1]?.userEmail).toBe("alice@example.com");
  });
});
