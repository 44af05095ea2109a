import { randomBytes } from "node:crypto";
import { ApiKeyStamper } from "@turnkey/api-key-stamper";
import { decryptCredentialBundle, generateP256KeyPair, getPublicKey } from "@turnkey/crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeys, authenticators, emailMessages } from "../../db/schema";
import { runDueJobs } from "../../jobs/worker";
import { MAIL_JOB_HANDLERS } from "../../mail/delivery-job";
import type { TestApp, TestKey } from "../../testing/harness";
import { startTestApp } from "../../testing/harness";
import { type Body, otpScene } from "../../testing/otp-scene";
import { type SmtpCapture, startSmtpCapture } from "../../testing/smtp-capture";
import { softAuthenticator } from "../../testing/soft-authenticator";

/** email_auth and e-mail recovery: a credential bundle by mail, opened by the device that asked. */
let t: TestApp;
let capture: SmtpCapture;
let org: { organizationId: string; userId: string; key: TestKey };
const scene = otpScene(
  () => t,
  () => capture,
);
const ALICE = "alice@example.com";
const customization = { appName: "Acme", magicLinkTemplate: "https://acme.test/auth?bundle=%s" };

/** The bundle out of the mail's magic link, opened with the target's private key: a key that stamps. */
async function keyFromMail(target: { privateKey: string }): Promise<TestKey> {
  await runDueJobs(t.app, MAIL_JOB_HANDLERS);
  const mail = await capture.next(ALICE);
  const bundle = decodeURIComponent(/bundle=([^\s]+)/.exec(mail.text)![1]!);
  const privateKey = decryptCredentialBundle(bundle, target.privateKey);
  const publicKey = Buffer.from(getPublicKey(privateKey, true)).toString("hex");
  return {
    publicKey,
    privateKey,
    stamper: new ApiKeyStamper({ apiPublicKey: publicKey, apiPrivateKey: privateKey }),
  };
}
const keysOf = async (userId: string) => t.app.db.select().from(apiKeys).where(eq(apiKeys.userId, userId));
const mails = async () => (await t.app.db.select().from(emailMessages)).length;

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

describe("email_auth", () => {
  it("mails a new API key of the user, encrypted to the asking device's key", async () => {
    const target = generateP256KeyPair();
    const res = await scene.submit("email_auth", "ACTIVITY_TYPE_EMAIL_AUTH_V3", org.organizationId, org.key, {
      email: "Alice@Example.com",
      targetPublicKey: target.publicKeyUncompressed,
      apiKeyName: "laptop",
      emailCustomization: customization,
    });
    expect(res.status).toBe(200);
    const { userId, apiKeyId } = res.body.activity.result.emailAuthResult;
    expect(userId).toBe(org.userId);
    const key = await keyFromMail(target);
    const row = (await keysOf(org.userId)).find((k) => k.id === apiKeyId)!;
    expect(row).toMatchObject({
      publicKey: key.publicKey,
      name: "laptop",
      credentialType: "CREDENTIAL_TYPE_EMAIL_AUTH_KEY_P256",
    });
    expect((await scene.whoami(org.organizationId, key)).body.userId).toBe(org.userId);
  });

  it("refuses an unknown address, a key off the curve and the feature switched off; nothing is mailed", async () => {
    const before = await mails();
    const target = generateP256KeyPair().publicKeyUncompressed;
    const submit = (params: Body) =>
      scene.submit("email_auth", "ACTIVITY_TYPE_EMAIL_AUTH_V3", org.organizationId, org.key, {
        emailCustomization: customization,
        ...params,
      });
    const unknown = await submit({ email: "nobody@example.com", targetPublicKey: target });
    expect(unknown.status).toBe(404);
    const offCurve = await submit({ email: ALICE, targetPublicKey: `04${"22".repeat(64)}` });
    expect(offCurve.status).toBe(400);
    expect(offCurve.body.message).toContain("targetPublicKey");
    const noApp = await submit({ email: ALICE, targetPublicKey: target, emailCustomization: {} });
    expect(noApp.status).toBe(400);
    expect(JSON.stringify(noApp.body)).toContain("appName");
    await scene.submit(
      "remove_organization_feature",
      "ACTIVITY_TYPE_REMOVE_ORGANIZATION_FEATURE",
      org.organizationId,
      org.key,
      {
        name: "FEATURE_NAME_EMAIL_AUTH",
      },
    );
    const off = await submit({ email: ALICE, targetPublicKey: target });
    expect(off.status).toBe(400);
    expect(off.body.message).toContain("FEATURE_NAME_EMAIL_AUTH");
    const back = await scene.submit(
      "set_organization_feature",
      "ACTIVITY_TYPE_SET_ORGANIZATION_FEATURE",
      org.organizationId,
      org.key,
      { name: "FEATURE_NAME_EMAIL_AUTH", value: "" },
    );
    expect(back.status).toBe(200);
    expect(await mails()).toBe(before);
  });
});

describe("init_user_email_recovery / recover_user", () => {
  it("mails a recovery key that registers one new passkey and nothing else, once", async () => {
    const target = generateP256KeyPair();
    const init = await scene.submit(
      "init_user_email_recovery",
      "ACTIVITY_TYPE_INIT_USER_EMAIL_RECOVERY_V2",
      org.organizationId,
      org.key,
      { email: ALICE, targetPublicKey: target.publicKeyUncompressed, emailCustomization: customization },
    );
    expect(init.status).toBe(200);
    expect(init.body.activity.result.initUserEmailRecoveryResult).toEqual({ userId: org.userId });
    const recovery = await keyFromMail(target);

    const other = await scene.submit(
      "create_api_keys",
      "ACTIVITY_TYPE_CREATE_API_KEYS_V2",
      org.organizationId,
      recovery,
      {
        userId: org.userId,
        apiKeys: [
          {
            apiKeyName: "sneaky",
            publicKey: generateP256KeyPair().publicKey,
            curveType: "API_KEY_CURVE_P256",
          },
        ],
      },
    );
    expect(other.status).toBe(403);
    expect(other.body.message).toContain("may only submit recover_user");

    const passkey = softAuthenticator({ rpId: t.app.config.rpId, origin: t.app.config.origins[0]! });
    const challenge = randomBytes(32).toString("base64url");
    const recover = () =>
      scene.submit("recover_user", "ACTIVITY_TYPE_RECOVER_USER", org.organizationId, recovery, {
        userId: org.userId,
        authenticator: {
          authenticatorName: "new phone",
          challenge,
          attestation: passkey.register(challenge),
        },
      });
    const recovered = await recover();
    expect(recovered.status).toBe(200);
    const [authenticatorId] = recovered.body.activity.result.recoverUserResult.authenticatorId;
    const [row] = await t.app.db.select().from(authenticators).where(eq(authenticators.id, authenticatorId));
    expect(row).toMatchObject({ userId: org.userId, name: "new phone" });
    expect((await keysOf(org.userId)).some((k) => k.publicKey === recovery.publicKey)).toBe(false);
    expect((await recover()).status).toBe(401);
  });

  it("is refused while FEATURE_NAME_EMAIL_RECOVERY is removed, mailing nothing; set again, it works", async () => {
    const feature = (path: string, type: string) =>
      scene.submit(path, type, org.organizationId, org.key, {
        name: "FEATURE_NAME_EMAIL_RECOVERY",
        value: "",
      });
    const init = () =>
      scene.submit(
        "init_user_email_recovery",
        "ACTIVITY_TYPE_INIT_USER_EMAIL_RECOVERY_V2",
        org.organizationId,
        org.key,
        {
          email: ALICE,
          targetPublicKey: generateP256KeyPair().publicKeyUncompressed,
          emailCustomization: customization,
        },
      );
    const before = await mails();
    expect(
      (await feature("remove_organization_feature", "ACTIVITY_TYPE_REMOVE_ORGANIZATION_FEATURE")).status,
    ).toBe(200);
    const off = await init();
    expect(off.status).toBe(400);
    expect(off.body.message).toContain("FEATURE_NAME_EMAIL_RECOVERY");
    expect(await mails()).toBe(before);
    expect((await feature("set_organization_feature", "ACTIVITY_TYPE_SET_ORGANIZATION_FEATURE")).status).toBe(
      200,
    );
    expect((await init()).status).toBe(200);
    expect(await mails()).toBe(before + 1);
  });
});
