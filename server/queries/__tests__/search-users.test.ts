import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { startTestApp, type TestApp, type TestKey } from "../../testing/harness";

let t: TestApp;
let org: { organizationId: string; userId: string; key: TestKey };
let other: { organizationId: string; userId: string; key: TestKey };

const newUser = (userName: string, userEmail?: string, userPhoneNumber?: string) => ({
  userName,
  ...(userEmail ? { userEmail } : {}),
  ...(userPhoneNumber ? { userPhoneNumber } : {}),
  apiKeys: [],
  authenticators: [],
  oauthProviders: [],
  userTags: [],
});

// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field, each read checked by an expect
type Body = Record<string, any>;
const search = (key: TestKey, organizationId: string, contact?: string) =>
  t.call<Body>(
    "query",
    "search_users",
    { organizationId, ...(contact === undefined ? {} : { contact }) },
    key,
  );

beforeAll(async () => {
  t = await startTestApp();
  org = await t.newOrganization("Support");
  other = await t.newOrganization("Elsewhere");
  const created = await t.call(
    "submit",
    "create_users",
    t.activity("ACTIVITY_TYPE_CREATE_USERS_V4", org.organizationId, {
      users: [
        newUser("alice", "Alice@Example.com", "+14155550123"),
        newUser("bob", "bob@example.org"),
        newUser("carol", undefined, "+442071234567"),
        newUser("underscore", "first_last@example.com"),
      ],
    }),
    org.key,
  );
  expect(created.status).toBe(200);
  await t.call(
    "submit",
    "create_users",
    t.activity("ACTIVITY_TYPE_CREATE_USERS_V4", other.organizationId, {
      users: [newUser("mallory", "alice@example.com.evil")],
    }),
    other.key,
  );
  // Alice's e-mail was proven by a code (as otp_login or update_user_email with a token would record).
  await t.app.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.name, "alice"));
});
afterAll(async () => t?.close());

describe("search_users", () => {
  it("finds users by part of an e-mail (any case) or of a phone number's digits, with verified flags", async () => {
    const byEmail = await search(org.key, org.organizationId, "ALICE@");
    expect(byEmail.status).toBe(200);
    expect(byEmail.body.users).toEqual([
      {
        userId: expect.any(String),
        userName: "alice",
        userEmail: "Alice@Example.com",
        userEmailVerified: true,
        userPhoneNumber: "+14155550123",
        userPhoneNumberVerified: false,
      },
    ]);
    const byPhone = await search(org.key, org.organizationId, "+44 20-7123");
    expect(byPhone.body.users.map((u: { userName: string }) => u.userName)).toEqual(["carol"]);
    const everyone = await search(org.key, org.organizationId);
    expect(everyone.body.users.map((u: { userName: string }) => u.userName).sort()).toEqual([
      "alice",
      "bob",
      "carol",
      "root",
      "underscore",
    ]);
  });

  it("takes LIKE wildcards literally and never reaches another organization's users", async () => {
    const literal = await search(org.key, org.organizationId, "_");
    expect(literal.body.users.map((u: { userName: string }) => u.userName)).toEqual(["underscore"]);
    const mine = await search(org.key, org.organizationId, "example.com.evil");
    expect(mine.body.users).toEqual([]);
    const theirs = await search(org.key, other.organizationId, "alice");
    expect(theirs.status).toBe(403);
  });

  it("refuses a search text over 320 characters with a 400 naming the field", async () => {
    const res = await search(org.key, org.organizationId, "x".repeat(321));
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain("contact");
  });
});
