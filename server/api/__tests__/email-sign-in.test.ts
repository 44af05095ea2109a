import { encryptOtpCodeToBundle, verifySessionJwtSignature } from "@turnkey/crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeys, emailMessages } from "../../db/schema";
import { startTestApp, type TestApp, type TestKey } from "../../testing/harness";
import { keyPair, otpScene } from "../../testing/otp-scene";
import { type SmtpCapture, startSmtpCapture } from "../../testing/smtp-capture";
import { type EmailSignInStep, handleEmailSignIn } from "../email-sign-in";

/** The dashboard's e-mail sign-in, through its two unstamped endpoints, with mail captured over SMTP. */
let t: TestApp;
let capture: SmtpCapture;
let org: { organizationId: string; userId: string; key: TestKey };
const scene = otpScene(
  () => t,
  () => capture,
);
const ALICE = "alice@example.com";

// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field, each read checked by an expect
async function post(step: EmailSignInStep, body: unknown): Promise<{ status: number; body: any }> {
  const request = new Request(`http://localhost/api/login/email/${step}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const response = await handleEmailSignIn(t.app, step, request);
  return { status: response.status, body: await response.json() };
}

async function signInWith(code: string, started: { otpId: string; otpEncryptionTargetBundle: string }) {
  const session = keyPair();
  const encryptedOtpBundle = await encryptOtpCodeToBundle(
    code,
    started.otpEncryptionTargetBundle,
    session.publicKey,
    t.app.serverKey.publicKeyHex,
  );
  const res = await post("session", {
    organizationId: org.organizationId,
    otpId: started.otpId,
    encryptedOtpBundle,
  });
  return { res, session };
}

const sessionKeyCount = async () =>
  (await t.app.db.select().from(apiKeys).where(eq(apiKeys.userId, org.userId))).length;
const mailCount = async () => (await t.app.db.select().from(emailMessages)).length;

beforeAll(async () => {
  capture = await startSmtpCapture();
  t = await startTestApp({
    env: { LATCHKEY_SMTP_URL: capture.url, LATCHKEY_OTP_RATE_LIMIT_PER_CONTACT: "1000" },
  });
  org = await t.newOrganization("Acme");
  // Verify Alice's address the way a backend would: init_otp → verify_otp → update_user_email.
  const { token } = await scene.tokenFor(org.organizationId, org.key, ALICE, keyPair());
  const updated = await scene.submit(
    "update_user_email",
    "ACTIVITY_TYPE_UPDATE_USER_EMAIL",
    org.organizationId,
    org.key,
    {
      userId: org.userId,
      userEmail: ALICE,
      verificationToken: token,
    },
  );
  expect(updated.status).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await capture?.close();
});

describe("dashboard sign-in with an e-mail code", () => {
  it("mails a code to a verified address; the code and a fresh key start a session that stamps", async () => {
    const started = await post("code", { organizationId: org.organizationId, email: "Alice@Example.com" });
    expect(started.status).toBe(200);
    expect(started.body.serverSigningPublicKey).toBe(t.app.serverKey.publicKeyHex);
    const code = await scene.deliveredCode(ALICE);
    const [mail] = await t.app.db.select().from(emailMessages).where(eq(emailMessages.purpose, "SIGN_IN"));
    expect(mail).toMatchObject({ toAddress: ALICE, status: "SENT" });

    const { res, session } = await signInWith(code, started.body);
    expect(res.status).toBe(200);
    expect(await verifySessionJwtSignature(res.body.session, t.app.serverKey.publicKeyHex)).toBe(true);
    const claims = JSON.parse(Buffer.from(res.body.session.split(".")[1], "base64url").toString());
    expect(claims).toMatchObject({ user_id: org.userId, public_key: session.publicKey });
    const who = await scene.whoami(org.organizationId, session);
    expect(who.status).toBe(200);
    expect(who.body.userId).toBe(org.userId);

    // The code worked once.
    const again = await signInWith(code, started.body);
    expect(again.res.status).toBe(400);
    expect(again.res.body.message).toMatch(/already verified/);
  });

  it("answers an address without a verified user the same way, and mails nothing", async () => {
    const before = await mailCount();
    const started = await post("code", { organizationId: org.organizationId, email: "nobody@example.com" });
    expect(started.status).toBe(200);
    expect(Object.keys(started.body).sort()).toEqual([
      "otpEncryptionTargetBundle",
      "otpId",
      "serverSigningPublicKey",
    ]);
    expect(await mailCount()).toBe(before);
    const keys = await sessionKeyCount();
    const { res } = await signInWith("ABCDEFGH", started.body);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/the code is wrong; 4 attempts left/);
    expect(await sessionKeyCount()).toBe(keys);
  });

  it("keeps a backend's init_otp flow and a sign-in flow apart", async () => {
    const { result } = await scene.initOtp(org.organizationId, org.key, ALICE);
    const code = await scene.deliveredCode(ALICE);
    const keys = await sessionKeyCount();
    const { res } = await signInWith(code, result as { otpId: string; otpEncryptionTargetBundle: string });
    expect(res.status).toBe(404);
    expect(res.body.message).toContain("OTP flow");
    expect(await sessionKeyCount()).toBe(keys);

    const started = await post("code", { organizationId: org.organizationId, email: ALICE });
    const signInCode = await scene.deliveredCode(ALICE);
    const verified = await scene.verify(
      org.organizationId,
      org.key,
      started.body.otpId,
      started.body.otpEncryptionTargetBundle,
      signInCode,
      keyPair(),
    );
    expect(verified.res.status).toBe(404);
  });

  it("refuses bad input, unknown organizations and a switched-off feature with a 4xx", async () => {
    const bad = await post("code", { organizationId: org.organizationId, email: "not-an-address" });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("email");
    const unknown = await post("code", {
      organizationId: "018f0000-0000-7000-8000-000000000000",
      email: ALICE,
    });
    expect(unknown.status).toBe(404);
    const junk = await post("session", { organizationId: org.organizationId, otpId: "x" });
    expect(junk.status).toBe(400);

    const off = await scene.submit(
      "remove_organization_feature",
      "ACTIVITY_TYPE_REMOVE_ORGANIZATION_FEATURE",
      org.organizationId,
      org.key,
      { name: "FEATURE_NAME_OTP_EMAIL_AUTH" },
    );
    expect(off.status).toBe(200);
    const before = await mailCount();
    const refused = await post("code", { organizationId: org.organizationId, email: ALICE });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain("FEATURE_NAME_OTP_EMAIL_AUTH");
    expect(await mailCount()).toBe(before);
  });
});
