import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { newApiKey, startTestApp, type TestApp, type TestKey } from "../../testing/harness";

let t: TestApp;
let org: { organizationId: string; userId: string; key: TestKey };

// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field, each read checked by an expect
type Body = Record<string, any>;
const create = (apiOnlyUsers: unknown[]) =>
  t.call<Body>(
    "submit",
    "create_api_only_users",
    t.activity("ACTIVITY_TYPE_CREATE_API_ONLY_USERS", org.organizationId, { apiOnlyUsers }),
    org.key,
  );
const userCount = async () =>
  (await t.app.db.select().from(users).where(eq(users.organizationId, org.organizationId))).length;

beforeAll(async () => {
  t = await startTestApp();
  org = await t.newOrganization("Backend");
});
afterAll(async () => t?.close());

describe("create_api_only_users", () => {
  it("creates a user whose API key (curve left out: P-256) then stamps requests", async () => {
    const key = newApiKey();
    const res = await create([
      {
        userName: "ci-bot",
        userEmail: "ci@example.com",
        userTags: [],
        apiKeys: [{ apiKeyName: "ci", publicKey: key.publicKey }],
      },
    ]);
    expect(res.status).toBe(200);
    const [userId] = res.body.activity.result.createApiOnlyUsersResult.userIds;
    const who = await t.call<Body>("query", "whoami", { organizationId: org.organizationId }, key);
    expect(who.body).toMatchObject({ userId, username: "ci-bot" });
  });

  it("refuses a key already registered, an unknown tag and a missing apiKeys list; nothing is written", async () => {
    const before = await userCount();
    const taken = await create([
      { userName: "dup", userTags: [], apiKeys: [{ apiKeyName: "dup", publicKey: org.key.publicKey }] },
    ]);
    expect(taken.status).toBe(409);
    const tag = await create([{ userName: "tagged", userTags: ["no-such-tag"], apiKeys: [] }]);
    expect(tag.status).toBe(404);
    const missing = await create([{ userName: "bare", userTags: [] }]);
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain("apiOnlyUsers");
    expect(await userCount()).toBe(before);
  });
});
