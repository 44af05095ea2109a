import { generateP256KeyPair } from "@turnkey/crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { startTestApp, type TestApp, type TestKey } from "../../testing/harness";
import { type Body, keyPair, otpScene } from "../../testing/otp-scene";
import { type SmtpCapture, startSmtpCapture } from "../../testing/smtp-capture";

let t: TestApp;
let capture: SmtpCapture;
let parent: { organizationId: string; userId: string; key: TestKey };
let subOrganizationId: string;
let subUserId: string;
const scene = otpScene(
  () => t,
  () => capture,
);
const CAROL = "carol@example.com";

beforeAll(async () => {
  capture = await startSmtpCapture();
  t = await startTestApp({
    env: {
      LATCHKEY_SMTP_URL: capture.url,
      LATCHKEY_OTP_RATE_LIMIT_PER_CONTACT: "3",
      LATCHKEY_OTP_RATE_LIMIT_PER_IP: "4",
      LATCHKEY_TRUST_PROXY: "1",
    },
  });
  parent = await t.newOrganization("Parent");
  ({ subOrganizationId, subUserId } = await scene.subOrganization(parent, {
    userName: "carol",
    userEmail: CAROL,
  }));
});
afterAll(async () => {
  await t?.close();
  await capture?.close();
});

describe("OTP across a parent and its sub-organization", () => {
  it("a parent's key verifies the code and logs the user in to their sub-organization, found by e-mail", async () => {
    const found = await t.call<Body>(
      "query",
      "list_suborgs",
      { organizationId: parent.organizationId, filterType: "EMAIL", filterValue: CAROL },
      parent.key,
    );
    expect(found.body.organizationIds).toEqual([subOrganizationId]);
    const client = keyPair();
    const { token, tokenId } = await scene.tokenFor(parent.organizationId, parent.key, CAROL, client);
    const session = keyPair();
    const login = await scene.login(subOrganizationId, parent.key, token, tokenId, client, session);
    expect(login.res.status).toBe(200);
    expect(login.res.body.activity.organizationId).toBe(subOrganizationId);
    const me = await scene.whoami(subOrganizationId, session);
    expect(me.body).toMatchObject({ organizationId: subOrganizationId, userId: subUserId });
  });

  it("nothing else crosses: the parent's key cannot act in the sub-organization otherwise", async () => {
    const wallet = await scene.submit(
      "create_wallet",
      "ACTIVITY_TYPE_CREATE_WALLET",
      subOrganizationId,
      parent.key,
      {
        walletName: "not yours",
        accounts: [],
      },
    );
    expect(wallet.status).toBe(403);
    expect(wallet.body.message).toMatch(/belongs to another organization/);
    const email = await scene.setEmail(subOrganizationId, parent.key, subUserId, "mallory@example.com");
    expect(email.status).toBe(403);
    expect((await t.app.db.select().from(users).where(eq(users.id, subUserId)))[0]!.email).toBe(CAROL);
  });

  it("a token for a contact with no user in the organization logs nobody in", async () => {
    const client = keyPair();
    const { token, tokenId } = await scene.tokenFor(
      parent.organizationId,
      parent.key,
      "nobody@example.com",
      client,
    );
    const login = await scene.login(subOrganizationId, parent.key, token, tokenId, client, keyPair());
    expect(login.res.status).toBe(404);
    expect(login.res.body.message).toMatch(/nobody@example.com/);
  });
});

describe("update_user_email with a verification token", () => {
  it("marks the e-mail verified only when the token proves that address", async () => {
    const client = keyPair();
    const { token } = await scene.tokenFor(parent.organizationId, parent.key, "dan@example.com", client);
    const params = (userEmail: string) => ({ userId: parent.userId, userEmail, verificationToken: token });
    const other = await scene.submit(
      "update_user_email",
      "ACTIVITY_TYPE_UPDATE_USER_EMAIL",
      parent.organizationId,
      parent.key,
      params("erin@example.com"),
    );
    expect(other.status).toBe(400);
    expect(other.body.message).toMatch(/proves dan@example.com, not erin@example.com/);
    const before = (await t.app.db.select().from(users).where(eq(users.id, parent.userId)))[0]!;
    expect(before.email).not.toBe("erin@example.com");

    const same = await scene.submit(
      "update_user_email",
      "ACTIVITY_TYPE_UPDATE_USER_EMAIL",
      parent.organizationId,
      parent.key,
      params("Dan@example.com"),
    );
    expect(same.status).toBe(200);
    const after = (await t.app.db.select().from(users).where(eq(users.id, parent.userId)))[0]!;
    expect(after.email).toBe("Dan@example.com");
    expect(after.emailVerifiedAt).not.toBeNull();
    // Changing it again without a token leaves it unverified.
    await scene.setEmail(parent.organizationId, parent.key, parent.userId, "dan2@example.com");
    expect(
      (await t.app.db.select().from(users).where(eq(users.id, parent.userId)))[0]!.emailVerifiedAt,
    ).toBeNull();
  });
});

describe("FEATURE_NAME_OTP_EMAIL_AUTH", () => {
  it("is on by default, shown by get_organization_configs; while removed, init_otp is refused", async () => {
    const configs = await t.call<Body>(
      "query",
      "get_organization_configs",
      { organizationId: parent.organizationId },
      parent.key,
    );
    expect(configs.body.configs.features).toContainEqual({
      name: "FEATURE_NAME_OTP_EMAIL_AUTH",
      value: "true",
    });
    const removed = await scene.submit(
      "remove_organization_feature",
      "ACTIVITY_TYPE_REMOVE_ORGANIZATION_FEATURE",
      parent.organizationId,
      parent.key,
      { name: "FEATURE_NAME_OTP_EMAIL_AUTH" },
    );
    expect(removed.status).toBe(200);
    const features = removed.body.activity.result.removeOrganizationFeatureResult.features;
    expect(features.map((f: Body) => f.name)).not.toContain("FEATURE_NAME_OTP_EMAIL_AUTH");
    const refused = await scene.initOtp(parent.organizationId, parent.key, "frank@example.com");
    expect(refused.res.status).toBe(400);
    expect(refused.res.body.message).toMatch(/not enabled .*: enable FEATURE_NAME_OTP_EMAIL_AUTH/);
    const set = await scene.submit(
      "set_organization_feature",
      "ACTIVITY_TYPE_SET_ORGANIZATION_FEATURE",
      parent.organizationId,
      parent.key,
      { name: "FEATURE_NAME_OTP_EMAIL_AUTH", value: "true" },
    );
    expect(set.status).toBe(200);
    expect((await scene.initOtp(parent.organizationId, parent.key, "frank@example.com")).res.status).toBe(
      200,
    );
  });

  it("only the root quorum may set a feature", async () => {
    const bob = keyPair();
    await scene.submit("create_users", "ACTIVITY_TYPE_CREATE_USERS_V4", parent.organizationId, parent.key, {
      users: [
        {
          userName: "bob",
          apiKeys: [{ apiKeyName: "bob", publicKey: bob.publicKey, curveType: "API_KEY_CURVE_P256" }],
          authenticators: [],
          oauthProviders: [],
          userTags: [],
        },
      ],
    });
    const set = await scene.submit(
      "set_organization_feature",
      "ACTIVITY_TYPE_SET_ORGANIZATION_FEATURE",
      parent.organizationId,
      bob,
      { name: "FEATURE_NAME_WEBHOOK", value: "" },
    );
    expect(set.status).toBe(403);
    expect(set.body.message).toMatch(/only the root quorum/);
  });
});

describe("init_otp rate limits", () => {
  it("per contact: the fourth code in the window is a 429 with Retry-After", async () => {
    for (let i = 0; i < 3; i++) {
      expect((await scene.initOtp(parent.organizationId, parent.key, "gina@example.com")).res.status).toBe(
        200,
      );
    }
    const { res } = await scene.initOtp(parent.organizationId, parent.key, "gina@example.com");
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(res.body.message).toMatch(
      /init_otp refused, at most 3 per 600 s for this contact \(LATCHKEY_OTP_RATE_LIMIT_PER_CONTACT\)/,
    );
    expect(res.body.message).toContain("shares with init_otp_auth, email_auth, init_user_email_recovery");
  });

  it("the other senders spend the same budget, and their 429 names them", async () => {
    const hank = "hank@example.com";
    await scene.setEmail(parent.organizationId, parent.key, parent.userId, hank);
    for (let i = 0; i < 3; i++) {
      expect((await scene.initOtp(parent.organizationId, parent.key, hank)).res.status).toBe(200);
    }
    const auth = await scene.submit(
      "email_auth",
      "ACTIVITY_TYPE_EMAIL_AUTH_V3",
      parent.organizationId,
      parent.key,
      {
        email: hank,
        targetPublicKey: generateP256KeyPair().publicKeyUncompressed,
        emailCustomization: { appName: "Parent" },
      },
    );
    expect(auth.status).toBe(429);
    expect(auth.body.message).toMatch(
      /^too many codes and sign-in messages: email_auth refused, at most 3 per 600 s/,
    );
    expect(auth.body.message).toContain("a budget email_auth shares with init_otp,");
  });

  it("per client address, across contacts", async () => {
    const from = (contact: string) =>
      t.call<Body>(
        "submit",
        "init_otp",
        t.activity("ACTIVITY_TYPE_INIT_OTP_V3", parent.organizationId, {
          otpType: "OTP_TYPE_EMAIL",
          contact,
          appName: "Acme",
        }),
        parent.key,
        { "x-forwarded-for": "203.0.113.9" },
      );
    for (let i = 0; i < 4; i++) expect((await from(`ip${i}@example.com`)).status).toBe(200);
    const spent = await from("ip9@example.com");
    expect(spent.status).toBe(429);
    expect(spent.body.message).toMatch(/for this client address/);
  });
});
