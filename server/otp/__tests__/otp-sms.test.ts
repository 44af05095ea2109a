import { encryptOtpCodeToBundle } from "@turnkey/crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailMessages, users, verificationTokens } from "../../db/schema";
import { runDueJobs } from "../../jobs/worker";
import { SMS_JOB_HANDLERS } from "../../sms/delivery-job";
import { type FakeTwilio, startFakeTwilio } from "../../testing/fake-twilio";
import { startTestApp, type TestApp, type TestKey } from "../../testing/harness";
import { type Body, keyPair, otpScene } from "../../testing/otp-scene";
import { type SmtpCapture, startSmtpCapture } from "../../testing/smtp-capture";

/** Codes by SMS through Twilio's Messages API (a local fake of it): init_otp → verify_otp → the phone proven. */
let t: TestApp;
let capture: SmtpCapture;
let twilio: FakeTwilio;
let org: { organizationId: string; userId: string; key: TestKey };
const scene = otpScene(
  () => t,
  () => capture,
);
const PHONE = "+14155550123";
const SID = "AC00000000000000000000000000000001";

const smsInit = (contact: string, extra: Body = {}) =>
  scene.submit("init_otp", "ACTIVITY_TYPE_INIT_OTP_V3", org.organizationId, org.key, {
    otpType: "OTP_TYPE_SMS",
    contact,
    appName: "Acme",
    otpLength: 6,
    alphanumeric: false,
    ...extra,
  });

/** Deliver due text messages and read the code out of the last one the fake Twilio received. */
async function textedCode(): Promise<string> {
  await runDueJobs(t.app, SMS_JOB_HANDLERS);
  const body = twilio.received.at(-1)!.form.Body!;
  return /(\d{6})/.exec(body)![1]!;
}

async function verifiedToken(contact: string) {
  const init = await smsInit(contact);
  const { otpId, otpEncryptionTargetBundle } = init.body.activity.result.initOtpResultV2;
  const code = await textedCode();
  const client = keyPair();
  const encryptedOtpBundle = await encryptOtpCodeToBundle(
    code,
    otpEncryptionTargetBundle,
    client.publicKey,
    t.app.serverKey.publicKeyHex,
  );
  const res = await scene.submit("verify_otp", "ACTIVITY_TYPE_VERIFY_OTP_V2", org.organizationId, org.key, {
    otpId,
    encryptedOtpBundle,
  });
  expect(res.status).toBe(200);
  const token = res.body.activity.result.verifyOtpResult.verificationToken as string;
  const claims = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()) as Body;
  return { token, claims, client };
}

const setPhone = (userPhoneNumber: string, verificationToken?: string) =>
  scene.submit(
    "update_user_phone_number",
    "ACTIVITY_TYPE_UPDATE_USER_PHONE_NUMBER",
    org.organizationId,
    org.key,
    {
      userId: org.userId,
      userPhoneNumber,
      ...(verificationToken ? { verificationToken } : {}),
    },
  );
const rootUser = async () => (await t.app.db.select().from(users).where(eq(users.id, org.userId)))[0]!;

beforeAll(async () => {
  capture = await startSmtpCapture();
  twilio = await startFakeTwilio(SID, "token");
  t = await startTestApp({
    env: {
      LATCHKEY_SMTP_URL: capture.url,
      LATCHKEY_TWILIO_BASE_URL: twilio.url,
      LATCHKEY_TWILIO_ACCOUNT_SID: SID,
      LATCHKEY_TWILIO_AUTH_TOKEN: "token",
      LATCHKEY_TWILIO_FROM: "+15005550006",
      LATCHKEY_OTP_RATE_LIMIT_PER_CONTACT: "1000",
    },
  });
  org = await t.newOrganization("Acme");
});
afterAll(async () => {
  await t?.close();
  await capture?.close();
  await twilio?.close();
});

describe("one-time codes by SMS", () => {
  it("texts a code through Twilio; verify_otp yields an SMS token that marks the phone verified", async () => {
    const { claims, token, client } = await verifiedToken(PHONE);
    expect(claims).toMatchObject({ verification_type: "OTP_TYPE_SMS", contact: PHONE });
    expect(twilio.received.at(-1)!.form).toMatchObject({ To: PHONE, From: "+15005550006" });
    expect(twilio.received.at(-1)!.form.Body).toMatch(
      /^Acme: your verification code is \d{6}\. It expires in 5 minutes/,
    );
    const [message] = await t.app.db.select().from(emailMessages).where(eq(emailMessages.toAddress, PHONE));
    expect(message).toMatchObject({
      channel: "SMS",
      status: "SENT",
      smtpResponse: expect.stringMatching(/^Twilio queued SM/),
    });

    expect((await setPhone(PHONE, token)).status).toBe(200);
    expect((await rootUser()).phoneVerifiedAt).not.toBeNull();
    // A new number without a token is not verified.
    expect((await setPhone("+14155550199")).status).toBe(200);
    expect((await rootUser()).phoneVerifiedAt).toBeNull();
    expect(client.publicKey).toBeTruthy();
  });

  it("otp_login by SMS finds the user by phone number and marks it verified", async () => {
    await setPhone(PHONE);
    const { token, claims, client } = await verifiedToken(PHONE);
    const session = keyPair();
    const login = await scene.login(org.organizationId, org.key, token, claims.id, client, session);
    expect(login.res.status).toBe(200);
    expect((await scene.whoami(org.organizationId, session)).body.userId).toBe(org.userId);
    expect((await rootUser()).phoneVerifiedAt).not.toBeNull();
  });

  it("a token for another number, or an e-mail token, does not verify a phone; nothing is written", async () => {
    await setPhone("+14155550100");
    const other = await verifiedToken("+14155550111");
    const refused = await setPhone("+14155550100", other.token);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain("verificationToken proves +14155550111, not +14155550100");
    expect((await rootUser()).phoneVerifiedAt).toBeNull();
    const [row] = await t.app.db
      .select()
      .from(verificationTokens)
      .where(eq(verificationTokens.id, other.claims.id));
    expect(row!.consumedAt).toBeNull();
  });

  it("Twilio refusing the number fails the message at once; the activity had succeeded and nothing is retried", async () => {
    twilio.mode("invalid-number");
    const init = await smsInit("+14155550177");
    expect(init.status).toBe(200);
    await runDueJobs(t.app, SMS_JOB_HANDLERS);
    const [message] = await t.app.db
      .select()
      .from(emailMessages)
      .where(eq(emailMessages.toAddress, "+14155550177"));
    expect(message).toMatchObject({ status: "FAILED", lastError: expect.stringContaining("error 21211") });
    twilio.mode("accept");
  });

  it("refuses a contact that is no phone number, a template without {{.OtpCode}}, and SMS switched off", async () => {
    const before = twilio.received.length;
    const bad = await smsInit("alice@example.com");
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("E.164");
    const template = await smsInit(PHONE, { smsCustomization: { template: "Your code" } });
    expect(template.status).toBe(400);
    expect(JSON.stringify(template.body)).toContain("{{.OtpCode}}");

    const off = await scene.submit(
      "remove_organization_feature",
      "ACTIVITY_TYPE_REMOVE_ORGANIZATION_FEATURE",
      org.organizationId,
      org.key,
      { name: "FEATURE_NAME_SMS_AUTH" },
    );
    expect(off.status).toBe(200);
    const refused = await smsInit(PHONE);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain("FEATURE_NAME_SMS_AUTH");
    await runDueJobs(t.app, SMS_JOB_HANDLERS);
    expect(twilio.received.length).toBe(before);
  });
});

describe("SMS with no provider configured", () => {
  it("lands in the local sink, and the Outbox shows its text", async () => {
    const local = await startTestApp();
    try {
      const o = await local.newOrganization("Local");
      const init = await local.call(
        "submit",
        "init_otp",
        local.activity("ACTIVITY_TYPE_INIT_OTP_V3", o.organizationId, {
          otpType: "OTP_TYPE_SMS",
          contact: PHONE,
          appName: "Local",
          smsCustomization: { template: "Code {{.OtpCode}} for Local" },
        }),
        o.key,
      );
      expect(init.status).toBe(200);
      await runDueJobs(local.app, SMS_JOB_HANDLERS);
      const outbox = await local.call<Body>(
        "query",
        "list_outbox_messages",
        { organizationId: o.organizationId },
        o.key,
      );
      expect(outbox.body.messages).toEqual([
        expect.objectContaining({
          channel: "SMS",
          toAddress: PHONE,
          status: "SENT",
          receivedText: expect.stringMatching(/^Code [0-9A-Z]{9} for Local$/),
        }),
      ]);
    } finally {
      await local.close();
    }
  });
});
