import {
  decryptCredentialBundle,
  encryptOtpCodeToBundle,
  generateP256KeyPair,
  getPublicKey,
} from "@turnkey/crypto";
import { Turnkey } from "@turnkey/sdk-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeTwilio, startFakeTwilio } from "../../server/testing/fake-twilio";
import { type SmtpCapture, startSmtpCapture } from "../../server/testing/smtp-capture";
import { type RunningServer, startServer } from "../support/server";
import { fetchServerSigningKey } from "../support/server-signing-key";

/**
 * The rest of the login calls through @turnkey/sdk-server against a started Latchkey: codes by
 * SMS through a fake of Twilio's Messages API, otp_auth and email_auth credential bundles opened
 * with @turnkey/crypto, session profiles, invitations, e-mail recovery. Mail over real SMTP.
 */
let server: RunningServer;
let capture: SmtpCapture;
let twilio: FakeTwilio;
let client: ReturnType<Turnkey["apiClient"]>;
let serverKey: string;
const EMAIL = "root@example.com";
const PHONE = "+14155550123";
const SID = "AC00000000000000000000000000000002";

const clientFor = (publicKey: string, privateKey: string) =>
  new Turnkey({
    apiBaseUrl: server.baseUrl,
    apiPublicKey: publicKey,
    apiPrivateKey: privateKey,
    defaultOrganizationId: server.root.organizationId,
    activityPoller: { intervalMs: 50, numRetries: 2 },
  }).apiClient();

/** A credential bundle opened with the target's private key, as a client of its own key pair. */
function clientFromBundle(bundle: string, targetPrivateKey: string) {
  const privateKey = decryptCredentialBundle(bundle, targetPrivateKey);
  const publicKey = Buffer.from(getPublicKey(privateKey, true)).toString("hex");
  return clientFor(publicKey, privateKey);
}

beforeAll(async () => {
  capture = await startSmtpCapture();
  twilio = await startFakeTwilio(SID, "token");
  server = await startServer({
    env: {
      LATCHKEY_SMTP_URL: capture.url,
      LATCHKEY_TWILIO_BASE_URL: twilio.url,
      LATCHKEY_TWILIO_ACCOUNT_SID: SID,
      LATCHKEY_TWILIO_AUTH_TOKEN: "token",
      LATCHKEY_TWILIO_FROM: "+15005550006",
    },
  });
  client = clientFor(server.root.publicKey, server.root.privateKey);
  serverKey = await fetchServerSigningKey(server);
  await client.updateUserEmail({ userId: server.root.userId, userEmail: EMAIL });
});
afterAll(async () => {
  await server?.stop();
  await capture?.close();
  await twilio?.close();
});

/** The newest text the fake Twilio received, once the delivery job has sent it. */
async function textedCode(): Promise<string> {
  const before = twilio.received.length;
  const deadline = Date.now() + 10_000;
  while (twilio.received.length === before && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 50));
  return /(\d{6})/.exec(twilio.received.at(-1)!.form.Body!)![1]!;
}

describe("the rest of login through @turnkey/sdk-server", () => {
  it("initOtp by SMS → the texted code → verifyOtp → updateUserPhoneNumber with the token", async () => {
    const pending = textedCode();
    const { otpId, otpEncryptionTargetBundle } = await client.initOtp({
      otpType: "OTP_TYPE_SMS",
      contact: PHONE,
      appName: "Acme",
      otpLength: 6,
      alphanumeric: false,
    });
    const code = await pending;
    const tokenKey = generateP256KeyPair();
    const encryptedOtpBundle = await encryptOtpCodeToBundle(
      code,
      otpEncryptionTargetBundle,
      tokenKey.publicKey,
      serverKey,
    );
    const { verificationToken } = await client.verifyOtp({ otpId, encryptedOtpBundle });
    const updated = await client.updateUserPhoneNumber({
      userId: server.root.userId,
      userPhoneNumber: PHONE,
      verificationToken,
    });
    expect(updated.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
  });

  it("initOtpAuth → the mailed code → otpAuth: a credential bundle that opens to a working key", async () => {
    const { otpId } = await client.initOtpAuth({
      otpType: "OTP_TYPE_EMAIL",
      contact: EMAIL,
      appName: "Acme",
      otpLength: 6,
    });
    const code = /^ {4}([0-9A-Z]{6})$/m.exec((await capture.next(EMAIL)).text)![1]!;
    const target = generateP256KeyPair();
    const result = await client.otpAuth({
      otpId,
      otpCode: code,
      targetPublicKey: target.publicKeyUncompressed,
    });
    const asUser = clientFromBundle(result.credentialBundle!, target.privateKey);
    expect((await asUser.getWhoami({ organizationId: server.root.organizationId })).userId).toBe(
      server.root.userId,
    );
    await expect(
      client.otpAuth({ otpId, otpCode: code, targetPublicKey: target.publicKeyUncompressed }),
    ).rejects.toThrow(/already verified/);
  });

  it("emailAuth mails a bundle the asking device opens", async () => {
    const target = generateP256KeyPair();
    const { userId } = await client.emailAuth({
      email: EMAIL,
      targetPublicKey: target.publicKeyUncompressed,
      emailCustomization: { appName: "Acme", magicLinkTemplate: "https://acme.test/auth?b=%s" },
    });
    expect(userId).toBe(server.root.userId);
    const bundle = decodeURIComponent(/b=(\S+)/.exec((await capture.next(EMAIL)).text)![1]!);
    const asUser = clientFromBundle(bundle, target.privateKey);
    expect((await asUser.getWhoami({ organizationId: server.root.organizationId })).userId).toBe(
      server.root.userId,
    );
  });

  it("initUserEmailRecovery mails a key that may only recover", async () => {
    const target = generateP256KeyPair();
    await client.initUserEmailRecovery({
      email: EMAIL,
      targetPublicKey: target.publicKeyUncompressed,
      emailCustomization: { appName: "Acme", magicLinkTemplate: "https://acme.test/recover?b=%s" },
    });
    const bundle = decodeURIComponent(/b=(\S+)/.exec((await capture.next(EMAIL)).text)![1]!);
    const recovery = clientFromBundle(bundle, target.privateKey);
    await expect(recovery.createUserTag({ userTagName: "nope", userIds: [] })).rejects.toThrow(
      /may only submit recover_user/,
    );
  });

  it("createSessionProfile → getSessionProfile(s); createInvitations → deleteInvitation", async () => {
    const { sessionProfileId } = await client.createSessionProfile({
      sessionProfileName: "read-mostly",
      scope: "activity.resource == 'WALLET'",
    });
    const { sessionProfile } = await client.getSessionProfile({ sessionProfileId });
    expect(sessionProfile).toMatchObject({ sessionProfileName: "read-mostly" });
    const { sessionProfiles } = await client.getSessionProfiles({});
    expect(sessionProfiles.map((p) => p.sessionProfileId)).toContain(sessionProfileId);

    const { invitationIds } = await client.createInvitations({
      invitations: [
        {
          receiverUserName: "bob",
          receiverUserEmail: "bob@example.com",
          receiverUserTags: [],
          accessType: "ACCESS_TYPE_WEB",
          senderUserId: server.root.userId,
        },
      ],
    });
    expect((await capture.next("bob@example.com")).subject).toBe("root invited you to Black box");
    const deleted = await client.deleteInvitation({ invitationId: invitationIds[0]! });
    expect(deleted.invitationId).toBe(invitationIds[0]);
  });
});
