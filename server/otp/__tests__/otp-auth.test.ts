import { ApiKeyStamper } from "@turnkey/api-key-stamper";
import { decryptCredentialBundle, generateP256KeyPair, getPublicKey } from "@turnkey/crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeys, otpFlows } from "../../db/schema";
import { startTestApp, type TestApp, type TestKey } from "../../testing/harness";
import { type Body, otpScene } from "../../testing/otp-scene";
import { type SmtpCapture, startSmtpCapture } from "../../testing/smtp-capture";

/** init_otp_auth → code from the mail → otp_auth: a credential bundle that opens to a working API key. */
let t: TestApp;
let capture: SmtpCapture;
let org: { organizationId: string; userId: string; key: TestKey };
const scene = otpScene(
  () => t,
  () => capture,
);
const ALICE = "alice@example.com";

const initAuth = (contact: string) =>
  scene.submit("init_otp_auth", "ACTIVITY_TYPE_INIT_OTP_AUTH_V3", org.organizationId, org.key, {
    otpType: "OTP_TYPE_EMAIL",
    contact,
    appName: "Acme",
    otpLength: 6,
    alphanumeric: false,
  });
const otpAuth = (params: Body) =>
  scene.submit("otp_auth", "ACTIVITY_TYPE_OTP_AUTH", org.organizationId, org.key, params);
const userKeys = async () => t.app.db.select().from(apiKeys).where(eq(apiKeys.userId, org.userId));

beforeAll(async () => {
  capture = await startSmtpCapture();
  t = await startTestApp({
    env: { LATCHKEY_SMTP_URL: capture.url, LATCHKEY_OTP_RATE_LIMIT_PER_CONTACT: "1000" },
  });
  org = await t.newOrganization("Acme");
  await scene.setEmail(org.organizationId, org.key, org.userId, ALICE);
});
afterAll(async () => {
  await t?.close();
  await capture?.close();
});

describe("init_otp_auth / otp_auth", () => {
  it("mails a code; the right code returns an API key of the user encrypted to the target key", async () => {
    const init = await initAuth(ALICE);
    expect(init.status).toBe(200);
    const { otpId } = init.body.activity.result.initOtpAuthResultV2;
    expect(Object.keys(init.body.activity.result.initOtpAuthResultV2)).toEqual(["otpId"]);
    const code = await scene.deliveredCode(ALICE);
    const target = generateP256KeyPair();
    const res = await otpAuth({
      otpId,
      otpCode: code,
      targetPublicKey: target.publicKeyUncompressed,
      apiKeyName: "phone",
    });
    expect(res.status).toBe(200);
    const result = res.body.activity.result.otpAuthResult;
    expect(result.userId).toBe(org.userId);
    const privateKey = decryptCredentialBundle(result.credentialBundle, target.privateKey);
    const publicKey = Buffer.from(getPublicKey(privateKey, true)).toString("hex");
    const key = (await userKeys()).find((k) => k.id === result.apiKeyId)!;
    expect(key).toMatchObject({
      name: "phone",
      publicKey,
      expirationSeconds: "900",
      credentialType: "CREDENTIAL_TYPE_OTP_AUTH_KEY_P256",
    });
    const stamper = new ApiKeyStamper({ apiPublicKey: publicKey, apiPrivateKey: privateKey });
    const who = await scene.whoami(org.organizationId, { publicKey, privateKey, stamper });
    expect(who.body.userId).toBe(org.userId);

    const again = await otpAuth({ otpId, otpCode: code, targetPublicKey: target.publicKeyUncompressed });
    expect(again.status).toBe(400);
    expect(again.body.message).toContain("already verified");
  });

  it("counts wrong codes, refuses init_otp's flows and bad target keys; nothing is issued", async () => {
    const before = (await userKeys()).length;
    const init = await initAuth(ALICE);
    const { otpId } = init.body.activity.result.initOtpAuthResultV2;
    const code = await scene.deliveredCode(ALICE);
    const target = generateP256KeyPair().publicKeyUncompressed;
    const wrong = await otpAuth({
      otpId,
      otpCode: code === "000000" ? "111111" : "000000",
      targetPublicKey: target,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain("4 attempts left");
    const [flow] = await t.app.db.select().from(otpFlows).where(eq(otpFlows.id, otpId));
    expect(flow!.failedAttempts).toBe(1);

    const offCurve = `04${"11".repeat(64)}`;
    const bad = await otpAuth({ otpId, otpCode: code, targetPublicKey: offCurve });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("targetPublicKey");

    const { result } = await scene.initOtp(org.organizationId, org.key, ALICE);
    const otpCode = await scene.deliveredCode(ALICE);
    const crossed = await otpAuth({ otpId: result!.otpId, otpCode, targetPublicKey: target });
    expect(crossed.status).toBe(404);
    expect((await userKeys()).length).toBe(before);
  });

  it("a code for an address no user has is a 404, and the flow stays usable for nobody else", async () => {
    const init = await initAuth("nobody@example.com");
    const { otpId } = init.body.activity.result.initOtpAuthResultV2;
    const code = await scene.deliveredCode("nobody@example.com");
    const res = await otpAuth({
      otpId,
      otpCode: code,
      targetPublicKey: generateP256KeyPair().publicKeyUncompressed,
    });
    expect(res.status).toBe(404);
    expect(res.body.message).toContain("nobody@example.com");
  });
});
