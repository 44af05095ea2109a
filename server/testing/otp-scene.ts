import { p256 } from "@noble/curves/nist.js";
import { ApiKeyStamper } from "@turnkey/api-key-stamper";
import { encryptOtpCodeToBundle, generateP256KeyPair } from "@turnkey/crypto";
import { runDueJobs } from "../jobs/worker";
import { MAIL_JOB_HANDLERS } from "../mail/delivery-job";
import { loginMessage } from "../otp/client-signature";
import type { TestApp, TestKey } from "./harness";
import type { SmtpCapture } from "./smtp-capture";

/**
 * The in-process OTP tests' shared scene (otp-login, otp-boundaries, parent-login-rest, SMS, auth,
 * sessions, invitations): each step is what a client or a user does, over the API.
 */

// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field, and each read is checked by an expect
export type Body = Record<string, any>;

export function keyPair(): TestKey {
  const pair = generateP256KeyPair();
  return {
    publicKey: pair.publicKey,
    privateKey: pair.privateKey,
    stamper: new ApiKeyStamper({ apiPublicKey: pair.publicKey, apiPrivateKey: pair.privateKey }),
  };
}

/** The code as the e-mail shows it: the indented line of the plain-text part. */
export function codeFrom(text: string): string {
  const match = /^ {4}([0-9A-Z]{6,9})$/m.exec(text);
  if (!match) throw new Error(`no code in mail:\n${text}`);
  return match[1]!;
}

/** raw r‖s hex of a P-256 signature over SHA-256(message), as @turnkey/core's client signature. */
export function signRaw(privateKeyHex: string, message: string): string {
  return Buffer.from(
    p256.sign(new TextEncoder().encode(message), Buffer.from(privateKeyHex, "hex")),
  ).toString("hex");
}

export function otpScene(t: () => TestApp, capture: () => SmtpCapture) {
  const submit = (path: string, type: string, orgId: string, key: TestKey, parameters: unknown) =>
    t().call<Body>("submit", path, t().activity(type, orgId, parameters), key);

  async function initOtp(orgId: string, key: TestKey, contact: string, extra: Body = {}) {
    const res = await submit("init_otp", "ACTIVITY_TYPE_INIT_OTP_V3", orgId, key, {
      otpType: "OTP_TYPE_EMAIL",
      contact,
      appName: "Acme",
      otpLength: 6,
      ...extra,
    });
    return { res, result: res.body.activity?.result?.initOtpResultV2 as Body | undefined };
  }

  /** Run the delivery job and read the code out of the mail the relay received. */
  async function deliveredCode(contact: string): Promise<string> {
    await runDueJobs(t().app, MAIL_JOB_HANDLERS);
    return codeFrom((await capture().next(contact)).text);
  }

  async function verify(
    orgId: string,
    key: TestKey,
    otpId: string,
    bundle: string,
    code: string,
    client: TestKey,
    extra: Body = {},
  ) {
    const encryptedOtpBundle = await encryptOtpCodeToBundle(
      code,
      bundle,
      client.publicKey,
      t().app.serverKey.publicKeyHex,
    );
    const res = await submit("verify_otp", "ACTIVITY_TYPE_VERIFY_OTP_V2", orgId, key, {
      otpId,
      encryptedOtpBundle,
      ...extra,
    });
    return {
      res,
      token: res.body.activity?.result?.verifyOtpResult?.verificationToken as string | undefined,
    };
  }

  async function login(
    orgId: string,
    key: TestKey,
    token: string,
    tokenId: string,
    client: TestKey,
    session: TestKey,
    extra: Body = {},
  ) {
    const message = loginMessage(session.publicKey, tokenId);
    const res = await submit("otp_login", "ACTIVITY_TYPE_OTP_LOGIN_V2", orgId, key, {
      verificationToken: token,
      publicKey: session.publicKey,
      clientSignature: {
        publicKey: client.publicKey,
        scheme: "CLIENT_SIGNATURE_SCHEME_API_P256",
        message,
        signature: signRaw(client.privateKey, message),
      },
      ...extra,
    });
    return { res, session: res.body.activity?.result?.otpLoginResult?.session as string | undefined };
  }

  /**
   * init_otp → the code from the mail: a flow waiting for verify_otp. `verify` submits a code (the
   * right one unless told) sealed to the flow's target, for `client` (one key per flow unless told).
   */
  async function codeFlow(orgId: string, key: TestKey, contact: string, extra: Body = {}) {
    const { result } = await initOtp(orgId, key, contact, extra);
    const code = await deliveredCode(contact);
    const otpId = result!.otpId as string;
    const client = keyPair();
    return {
      otpId,
      code,
      client,
      verify: (options: { code?: string; client?: TestKey; extra?: Body } = {}) =>
        verify(
          orgId,
          key,
          otpId,
          result!.otpEncryptionTargetBundle,
          options.code ?? code,
          options.client ?? client,
          options.extra,
        ),
    };
  }

  /** init_otp → code from the mail → verify_otp: a fresh token for `contact`, bound to `client`. */
  async function tokenFor(orgId: string, key: TestKey, contact: string, client: TestKey) {
    const flow = await codeFlow(orgId, key, contact);
    const { token } = await flow.verify({ client });
    const claims = JSON.parse(Buffer.from(token!.split(".")[1]!, "base64url").toString()) as Body;
    return { token: token!, tokenId: claims.id as string, claims };
  }

  const whoami = (orgId: string, key: TestKey) =>
    t().call<Body>("query", "whoami", { organizationId: orgId }, key);

  async function setEmail(orgId: string, key: TestKey, userId: string, userEmail: string) {
    return submit("update_user_email", "ACTIVITY_TYPE_UPDATE_USER_EMAIL", orgId, key, { userId, userEmail });
  }

  /** A sub-organization of `parent` with one root user (`rootUser`: name, e-mail, phone…), no credentials. */
  async function subOrganization(parent: { organizationId: string; key: TestKey }, rootUser: Body) {
    const created = await submit(
      "create_sub_organization",
      "ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8",
      parent.organizationId,
      parent.key,
      {
        subOrganizationName: `${rootUser.userName}'s`,
        rootUsers: [{ apiKeys: [], authenticators: [], oauthProviders: [], ...rootUser }],
        rootQuorumThreshold: 1,
      },
    );
    const result = created.body.activity.result.createSubOrganizationResultV8;
    return {
      subOrganizationId: result.subOrganizationId as string,
      subUserId: result.rootUserIds[0] as string,
    };
  }

  return {
    submit,
    initOtp,
    deliveredCode,
    verify,
    codeFlow,
    login,
    tokenFor,
    whoami,
    setEmail,
    subOrganization,
  };
}
