import { encryptOtpCodeToBundle } from "@turnkey/crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeys, emailMessages, invitations, users } from "../../db/schema";
import { runDueJobs } from "../../jobs/worker";
import { MAIL_JOB_HANDLERS } from "../../mail/delivery-job";
import { startTestApp, type TestApp, type TestKey } from "../../testing/harness";
import { type Body, codeFrom, keyPair, otpScene } from "../../testing/otp-scene";
import { type SmtpCapture, startSmtpCapture } from "../../testing/smtp-capture";
import { type EmailSignInStep, handleEmailSignIn } from "../email-sign-in";

/**
 * An invitation's accessType becomes the invitee's: ACCESS_TYPE_WEB signs in to the dashboard but
 * holds no API key, ACCESS_TYPE_ALL may do both, and ACCESS_TYPE_API, which the dashboard sign-in
 * that accepts invitations could never satisfy, is refused when inviting.
 */
let t: TestApp;
let capture: SmtpCapture;
let org: { organizationId: string; userId: string; key: TestKey };
const scene = otpScene(
  () => t,
  () => capture,
);

async function post(step: EmailSignInStep, body: unknown): Promise<{ status: number; body: Body }> {
  const request = new Request(`http://localhost/api/login/email/${step}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const response = await handleEmailSignIn(t.app, step, request);
  return { status: response.status, body: await response.json() };
}

const invite = (name: string, email: string, accessType: string) =>
  scene.submit("create_invitations", "ACTIVITY_TYPE_CREATE_INVITATIONS", org.organizationId, org.key, {
    invitations: [
      {
        receiverUserName: name,
        receiverUserEmail: email,
        receiverUserTags: [],
        accessType,
        senderUserId: org.userId,
      },
    ],
  });

/** Invite, then accept as the invitee does: a code mailed to the address, typed into the sign-in. */
async function inviteAndSignIn(name: string, email: string, accessType: string) {
  expect((await invite(name, email, accessType)).status).toBe(200);
  await runDueJobs(t.app, MAIL_JOB_HANDLERS);
  await capture.next(email);
  const started = await post("code", { organizationId: org.organizationId, email });
  await runDueJobs(t.app, MAIL_JOB_HANDLERS);
  const code = codeFrom((await capture.next(email)).text);
  const session = keyPair();
  const encryptedOtpBundle = await encryptOtpCodeToBundle(
    code,
    started.body.otpEncryptionTargetBundle,
    session.publicKey,
    t.app.serverKey.publicKeyHex,
  );
  const signedIn = await post("session", {
    organizationId: org.organizationId,
    otpId: started.body.otpId,
    encryptedOtpBundle,
  });
  expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
  const [user] = await t.app.db.select().from(users).where(eq(users.email, email));
  return { user: user!, session };
}

const addApiKey = (userId: string, signer: TestKey) =>
  scene.submit("create_api_keys", "ACTIVITY_TYPE_CREATE_API_KEYS_V2", org.organizationId, signer, {
    userId,
    apiKeys: [{ apiKeyName: "backend", publicKey: keyPair().publicKey, curveType: "API_KEY_CURVE_P256" }],
  });
const longLivedKeys = async (userId: string) =>
  (await t.app.db.select().from(apiKeys).where(eq(apiKeys.userId, userId))).filter(
    (k) => k.name === "backend",
  );

beforeAll(async () => {
  capture = await startSmtpCapture();
  t = await startTestApp({
    env: { LATCHKEY_SMTP_URL: capture.url, LATCHKEY_OTP_RATE_LIMIT_PER_CONTACT: "1000" },
  });
  org = await t.newOrganization("Acme");
});
afterAll(async () => {
  await t?.close();
  await capture?.close();
});

describe("invitation access types", () => {
  it("an ACCESS_TYPE_WEB invitee uses the dashboard but is refused API keys, by root or by themselves", async () => {
    const { user, session } = await inviteAndSignIn("wes", "wes@example.com", "ACCESS_TYPE_WEB");
    expect(user.accessType).toBe("ACCESS_TYPE_WEB");
    expect((await scene.whoami(org.organizationId, session)).body.userId).toBe(user.id);

    for (const signer of [org.key, session]) {
      const refused = await addApiKey(user.id, signer);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain(
        "ACCESS_TYPE_WEB (dashboard access only) and cannot hold API keys",
      );
    }
    expect(await longLivedKeys(user.id)).toEqual([]);
  });

  it("an ACCESS_TYPE_ALL invitee uses the dashboard and may hold API keys", async () => {
    const { user } = await inviteAndSignIn("alma", "alma@example.com", "ACCESS_TYPE_ALL");
    expect(user.accessType).toBe("ACCESS_TYPE_ALL");
    const added = await addApiKey(user.id, org.key);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(await longLivedKeys(user.id)).toHaveLength(1);
  });

  it("refuses to invite with ACCESS_TYPE_API, naming the field; nothing is written or mailed", async () => {
    const before = [
      (await t.app.db.select().from(invitations)).length,
      (await t.app.db.select().from(emailMessages)).length,
    ];
    const refused = await invite("api", "api@example.com", "ACCESS_TYPE_API");
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain(
      "ACCESS_TYPE_API cannot be invited; create API-only users with create_api_only_users",
    );
    expect(JSON.stringify(refused.body)).toContain("parameters.invitations[0].accessType");
    expect([
      (await t.app.db.select().from(invitations)).length,
      (await t.app.db.select().from(emailMessages)).length,
    ]).toEqual(before);
  });

  it("users made otherwise keep full access: root's own API keys still work", async () => {
    const [root] = await t.app.db.select().from(users).where(eq(users.id, org.userId));
    expect(root!.accessType).toBeNull();
    expect((await addApiKey(org.userId, org.key)).status).toBe(200);
  });
});
