import { generateP256KeyPair } from "@turnkey/crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionProfiles, wallets } from "../../db/schema";
import { startTestApp, type TestApp, type TestKey } from "../../testing/harness";
import { type Body, keyPair, otpScene } from "../../testing/otp-scene";
import { type SmtpCapture, startSmtpCapture } from "../../testing/smtp-capture";

/** Session profiles: created, read, named by logins, and their scope holding every activity of the session. */
let t: TestApp;
let capture: SmtpCapture;
let org: { organizationId: string; userId: string; key: TestKey };
let other: { organizationId: string; userId: string; key: TestKey };
const scene = otpScene(
  () => t,
  () => capture,
);
let profileId: string;

const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split(".")[1]!, "base64url").toString()) as Body;
const createProfile = (key: TestKey, organizationId: string, params: Body) =>
  scene.submit("create_session_profile", "ACTIVITY_TYPE_CREATE_SESSION_PROFILE", organizationId, key, params);
const stampLogin = (params: Body) =>
  scene.submit("stamp_login", "ACTIVITY_TYPE_STAMP_LOGIN", org.organizationId, org.key, params);
const createWallet = (key: TestKey, walletName: string) =>
  scene.submit("create_wallet", "ACTIVITY_TYPE_CREATE_WALLET", org.organizationId, key, {
    walletName,
    accounts: [],
  });

beforeAll(async () => {
  capture = await startSmtpCapture();
  t = await startTestApp({
    env: { LATCHKEY_SMTP_URL: capture.url, LATCHKEY_OTP_RATE_LIMIT_PER_CONTACT: "1000" },
  });
  org = await t.newOrganization("Acme");
  other = await t.newOrganization("Other");
  await scene.setEmail(org.organizationId, org.key, org.userId, "alice@example.com");
  const res = await createProfile(org.key, org.organizationId, {
    sessionProfileName: "wallets-only",
    scope: "activity.resource == 'WALLET'",
    expirationSeconds: "600",
    notes: "for the mobile app",
  });
  expect(res.status).toBe(200);
  profileId = res.body.activity.result.createSessionProfileResult.sessionProfileId;
});
afterAll(async () => {
  await t?.close();
  await capture?.close();
});

describe("session profiles", () => {
  it("are read back one by one and as a list", async () => {
    const one = await t.call<Body>(
      "query",
      "get_session_profile",
      { organizationId: org.organizationId, sessionProfileId: profileId },
      org.key,
    );
    expect(one.status).toBe(200);
    expect(one.body.sessionProfile).toMatchObject({
      sessionProfileId: profileId,
      sessionProfileName: "wallets-only",
      scope: "activity.resource == 'WALLET'",
      expirationSeconds: "600",
      notes: "for the mobile app",
    });
    const all = await t.call<Body>(
      "query",
      "get_session_profiles",
      { organizationId: org.organizationId },
      org.key,
    );
    expect(all.body.sessionProfiles.map((p: Body) => p.sessionProfileId)).toEqual([profileId]);
    const elsewhere = await t.call<Body>(
      "query",
      "get_session_profile",
      { organizationId: other.organizationId, sessionProfileId: profileId },
      other.key,
    );
    expect(elsewhere.status).toBe(404);
  });

  it("a session started under one is typed by its name, capped by its expiry, and held to its scope", async () => {
    const session = keyPair();
    const login = await stampLogin({
      publicKey: session.publicKey,
      expirationSeconds: "3600",
      sessionProfileId: profileId,
    });
    expect(login.status).toBe(200);
    const claims = claimsOf(login.body.activity.result.stampLoginResult.session);
    expect(claims.session_type).toBe("wallets-only");
    expect(claims.exp - Math.floor(t.clock.now().getTime() / 1000)).toBeLessThanOrEqual(600);

    expect((await createWallet(session, "allowed")).status).toBe(200);
    const refused = await scene.submit(
      "create_api_keys",
      "ACTIVITY_TYPE_CREATE_API_KEYS_V2",
      org.organizationId,
      session,
      {
        userId: org.userId,
        apiKeys: [
          { apiKeyName: "x", publicKey: generateP256KeyPair().publicKey, curveType: "API_KEY_CURVE_P256" },
        ],
      },
    );
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain("session profile wallets-only");
    // A session without a profile is not held to any scope.
    const plain = keyPair();
    await stampLogin({ publicKey: plain.publicKey });
    expect((await createWallet(plain, "also allowed")).status).toBe(200);
  });

  it("otp_login names a profile too", async () => {
    const client = keyPair();
    const { token, tokenId } = await scene.tokenFor(org.organizationId, org.key, "alice@example.com", client);
    const session = keyPair();
    const login = await scene.login(org.organizationId, org.key, token, tokenId, client, session, {
      sessionProfileId: profileId,
    });
    expect(login.res.status).toBe(200);
    expect(claimsOf(login.session!).session_type).toBe("wallets-only");
  });

  it("refuses a scope that is no condition, and logins naming an unknown or foreign profile; nothing is written", async () => {
    const before = (await t.app.db.select().from(sessionProfiles)).length;
    const bad = await createProfile(org.key, org.organizationId, {
      sessionProfileName: "broken",
      scope: "activity.nope == 1",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("parameters.scope");
    const theirs = await createProfile(other.key, other.organizationId, {
      sessionProfileName: "theirs",
      scope: "true",
    });
    const theirId = theirs.body.activity.result.createSessionProfileResult.sessionProfileId;
    expect((await t.app.db.select().from(sessionProfiles)).length).toBe(before + 1);
    const walletsBefore = (await t.app.db.select().from(wallets)).length;
    for (const sessionProfileId of ["no-such-profile", theirId]) {
      const res = await stampLogin({ publicKey: keyPair().publicKey, sessionProfileId });
      expect(res.status).toBe(404);
      expect(res.body.message).toContain("session profile");
    }
    expect((await t.app.db.select().from(wallets)).length).toBe(walletsBefore);
  });
});
