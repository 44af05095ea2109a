import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TActivity } from "@/lib/api/activity";
import { apiKeys } from "../../db/schema";
import { runDueJobs } from "../../jobs/worker";
import { loginNonce } from "../../oidc/verify";
import { SMS_JOB_HANDLERS } from "../../sms/delivery-job";
import { type FakeTwilio, startFakeTwilio } from "../../testing/fake-twilio";
import { startTestApp, type TestApp, type TestKey } from "../../testing/harness";
import { startTestIssuer, type TestIssuer } from "../../testing/oidc-issuer";
import { oidcScene } from "../../testing/oidc-scene";
import { type Body, keyPair, otpScene } from "../../testing/otp-scene";
import { type SmtpCapture, startSmtpCapture } from "../../testing/smtp-capture";
import { type SoftAuthenticator, softAuthenticator } from "../../testing/soft-authenticator";

/**
 * MFA steps requiring AUTHENTICATION_TYPE_EMAIL_OTP, _SMS_OTP or _OAUTH: the held activity is
 * released by its submitter's approve_activity stamped with a session key that otp_login issued
 * after an e-mail code, after an SMS code, or that oauth_login issued. Any other credential (a
 * passkey, a session of the other login) is recorded but meets nothing.
 */

type ActivityBody = { activity: TActivity };
interface MfaStatusBody {
  mfaStatuses: { satisfied: boolean; satisfiedMethods: { type: string; id?: string }[] }[];
}

let t: TestApp;
let capture: SmtpCapture;
let twilio: FakeTwilio;
let issuer: TestIssuer;
let passkey: SoftAuthenticator;
let org: { organizationId: string; userId: string; key: TestKey };
const otp = otpScene(
  () => t,
  () => capture,
);
const oidc = oidcScene(() => t);
const EMAIL = "mfa@example.com";
const PHONE = "+14155550142";
const SUB = "mfa-user";
const SID = "AC00000000000000000000000000000042";

const submit = <T = ActivityBody>(path: string, type: string, parameters: unknown, key: TestKey = org.key) =>
  t.call<T>("submit", path, t.activity(type, org.organizationId, parameters), key);
const status = async (activityId: string) =>
  (
    await t.call<MfaStatusBody>(
      "query",
      "get_mfa_status",
      { organizationId: org.organizationId, activityId },
      org.key,
    )
  ).body.mfaStatuses;
const newTag = (name: string) =>
  submit("create_private_key_tag", "ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG", {
    privateKeyTagName: name,
    privateKeyIds: [],
  });
const approval = (fingerprint: string) =>
  t.activity("ACTIVITY_TYPE_APPROVE_ACTIVITY", org.organizationId, { fingerprint });
const approveWith = (key: TestKey, fingerprint: string) =>
  t.call<ActivityBody>("submit", "approve_activity", approval(fingerprint), key);
async function approveWithPasskey(fingerprint: string) {
  const signed = JSON.stringify(approval(fingerprint));
  return t.call<ActivityBody>("submit", "approve_activity", signed, { headers: passkey.stamp(signed) });
}

/** A policy on create_private_key_tag requiring `type`, for the duration of `body`. */
async function withPolicy(type: string, body: () => Promise<void>) {
  const created = await submit("create_mfa_policy", "ACTIVITY_TYPE_CREATE_MFA_POLICY", {
    userId: org.userId,
    mfaPolicyName: `needs ${type}`,
    condition: "activity.type == 'ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG'",
    requiredAuthenticationMethods: [{ any: [{ type }] }],
    order: 0,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const { mfaPolicyId } = created.body.activity.result.createMfaPolicyResult as { mfaPolicyId: string };
  try {
    await body();
  } finally {
    await submit("delete_mfa_policy", "ACTIVITY_TYPE_DELETE_MFA_POLICY", { userId: org.userId, mfaPolicyId });
  }
}

/** The session key's API key id and how it was obtained, as recorded. */
async function sessionRow(session: TestKey) {
  const [row] = await t.app.db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.publicKey, session.publicKey.toLowerCase()));
  return row!;
}

async function emailSession(): Promise<TestKey> {
  const client = keyPair();
  const session = keyPair();
  const { token, tokenId } = await otp.tokenFor(org.organizationId, org.key, EMAIL, client);
  const login = await otp.login(org.organizationId, org.key, token, tokenId, client, session);
  expect(login.res.status, JSON.stringify(login.res.body)).toBe(200);
  return session;
}

async function smsSession(): Promise<TestKey> {
  const init = await otp.submit("init_otp", "ACTIVITY_TYPE_INIT_OTP_V3", org.organizationId, org.key, {
    otpType: "OTP_TYPE_SMS",
    contact: PHONE,
    appName: "Acme",
    otpLength: 6,
    alphanumeric: false,
  });
  const { otpId, otpEncryptionTargetBundle } = init.body.activity.result.initOtpResultV2 as Body;
  await runDueJobs(t.app, SMS_JOB_HANDLERS);
  const code = /(\d{6})/.exec(twilio.received.at(-1)!.form.Body!)![1]!;
  const client = keyPair();
  const verified = await otp.verify(
    org.organizationId,
    org.key,
    otpId,
    otpEncryptionTargetBundle,
    code,
    client,
  );
  const tokenId = JSON.parse(Buffer.from(verified.token!.split(".")[1]!, "base64url").toString()).id;
  const session = keyPair();
  const login = await otp.login(org.organizationId, org.key, verified.token!, tokenId, client, session);
  expect(login.res.status, JSON.stringify(login.res.body)).toBe(200);
  return session;
}

async function oauthSession(): Promise<TestKey> {
  const session = keyPair();
  const token = await issuer.idToken({ sub: SUB, nonce: loginNonce(session.publicKey) });
  const login = await oidc.login(org.organizationId, org.key, token, session.publicKey);
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  return session;
}

beforeAll(async () => {
  capture = await startSmtpCapture();
  twilio = await startFakeTwilio(SID, "token");
  issuer = await startTestIssuer();
  t = await startTestApp({
    env: {
      LATCHKEY_SMTP_URL: capture.url,
      LATCHKEY_TWILIO_BASE_URL: twilio.url,
      LATCHKEY_TWILIO_ACCOUNT_SID: SID,
      LATCHKEY_TWILIO_AUTH_TOKEN: "token",
      LATCHKEY_TWILIO_FROM: "+15005550006",
      LATCHKEY_OTP_RATE_LIMIT_PER_CONTACT: "1000",
      LATCHKEY_OIDC_ISSUERS: issuer.issuer,
    },
  });
  org = await t.newOrganization("Logins");
  expect((await otp.setEmail(org.organizationId, org.key, org.userId, EMAIL)).status).toBe(200);
  const phone = await submit("update_user_phone_number", "ACTIVITY_TYPE_UPDATE_USER_PHONE_NUMBER", {
    userId: org.userId,
    userPhoneNumber: PHONE,
  });
  expect(phone.status).toBe(200);
  const link = await oidc.link(
    org.organizationId,
    org.key,
    org.userId,
    await issuer.idToken({ sub: SUB, nonce: "x" }),
  );
  expect(link.status).toBe(200);
  passkey = softAuthenticator({ rpId: t.app.config.rpId, origin: t.app.config.origins[0]! });
  const challenge = randomBytes(32).toString("base64url");
  const registered = await submit("create_authenticators", "ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2", {
    userId: org.userId,
    authenticators: [{ authenticatorName: "phone", challenge, attestation: passkey.register(challenge) }],
  });
  expect(registered.status, JSON.stringify(registered.body)).toBe(200);
});

afterAll(async () => {
  await t?.close();
  await capture?.close();
  await twilio?.close();
  await issuer?.close();
});

describe("MFA steps met by a login's session", () => {
  it("records how each session key was obtained", async () => {
    expect((await sessionRow(await emailSession())).loginMethod).toBe("AUTHENTICATION_TYPE_EMAIL_OTP");
    expect((await sessionRow(await smsSession())).loginMethod).toBe("AUTHENTICATION_TYPE_SMS_OTP");
    expect((await sessionRow(await oauthSession())).loginMethod).toBe("AUTHENTICATION_TYPE_OAUTH");
  });

  it("EMAIL_OTP: a passkey or an SMS session does not meet it; an e-mail otp_login session does", async () => {
    await withPolicy("AUTHENTICATION_TYPE_EMAIL_OTP", async () => {
      const held = await newTag("email-held");
      expect(held.body.activity.status).toBe("ACTIVITY_STATUS_AUTHENTICATORS_NEEDED");
      const { id, fingerprint } = held.body.activity;
      expect(await status(id)).toMatchObject([{ satisfied: false, satisfiedMethods: [] }]);

      const byPasskey = await approveWithPasskey(fingerprint);
      expect(byPasskey.status, JSON.stringify(byPasskey.body)).toBe(200);
      expect(byPasskey.body.activity.status).toBe("ACTIVITY_STATUS_AUTHENTICATORS_NEEDED");
      const bySms = await approveWith(await smsSession(), fingerprint);
      expect(bySms.body.activity.status).toBe("ACTIVITY_STATUS_AUTHENTICATORS_NEEDED");
      expect(await status(id)).toMatchObject([{ satisfied: false, satisfiedMethods: [] }]);

      const session = await emailSession();
      const done = await approveWith(session, fingerprint);
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      expect(done.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
      expect(await status(id)).toEqual([
        expect.objectContaining({
          satisfied: true,
          satisfiedMethods: [{ type: "AUTHENTICATION_TYPE_EMAIL_OTP", id: (await sessionRow(session)).id }],
        }),
      ]);
    });
  });

  // The same scene for both: a passkey and an e-mail code's session leave the activity held; the
  // method's own login session completes it and is named as what met the step.
  it.each([
    ["SMS_OTP", "an SMS otp_login", "sms-held", () => smsSession()],
    ["OAUTH", "an oauth_login", "oauth-held", () => oauthSession()],
  ] as const)(
    "%s: an e-mail session does not meet it; %s session does",
    async (method, _login, tag, login) => {
      const type = `AUTHENTICATION_TYPE_${method}` as const;
      await withPolicy(type, async () => {
        const held = await newTag(tag);
        const { id, fingerprint } = held.body.activity;
        expect(held.body.activity.status).toBe("ACTIVITY_STATUS_AUTHENTICATORS_NEEDED");
        expect((await approveWithPasskey(fingerprint)).body.activity.status).toBe(
          "ACTIVITY_STATUS_AUTHENTICATORS_NEEDED",
        );
        const byEmail = await approveWith(await emailSession(), fingerprint);
        expect(byEmail.body.activity.status).toBe("ACTIVITY_STATUS_AUTHENTICATORS_NEEDED");
        expect(await status(id)).toMatchObject([{ satisfied: false, satisfiedMethods: [] }]);

        const session = await login();
        const done = await approveWith(session, fingerprint);
        expect(done.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
        expect((await status(id))[0]).toMatchObject({
          satisfied: true,
          satisfiedMethods: [{ type, id: (await sessionRow(session)).id }],
        });
      });
    },
  );

  it("a login's session is a session too: it meets a SESSION step, told as SESSION", async () => {
    await withPolicy("AUTHENTICATION_TYPE_SESSION", async () => {
      const held = await newTag("session-held");
      expect(held.body.activity.status).toBe("ACTIVITY_STATUS_AUTHENTICATORS_NEEDED");
      const session = await oauthSession();
      const done = await approveWith(session, held.body.activity.fingerprint);
      expect(done.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
      expect((await status(held.body.activity.id))[0]!.satisfiedMethods).toEqual([
        { type: "AUTHENTICATION_TYPE_SESSION", id: (await sessionRow(session)).id },
      ]);
    });
  });
});
