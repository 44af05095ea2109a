import { p256 } from "@noble/curves/nist.js";
import { encryptOtpCodeToBundle, generateP256KeyPair, verifyOtpVerificationToken } from "@turnkey/crypto";
import { Turnkey } from "@turnkey/sdk-server";
import { type SmtpCapture, startSmtpCapture } from "../../server/testing/smtp-capture";
import { type RunningServer, type ServerOptions, startServer } from "./server";
import { fetchServerSigningKey } from "./server-signing-key";

export type ApiClient = ReturnType<Turnkey["apiClient"]>;
export type KeyPair = { publicKey: string; privateKey: string };

/** A request the official client built and stamped (its `stamp*` methods) without sending it. */
interface StampedRequest {
  url: string;
  body: string;
  stamp: { stampHeaderName: string; stampHeaderValue: string };
}

/** What a client sees of a refusal: the HTTP status, and the gRPC code and message of the body. */
export interface Refusal {
  status: number;
  code: number;
  message: string;
  body: Record<string, unknown>;
}

/**
 * Send what the official client stamped, as it sends it, and keep the HTTP status it hides (its
 * TurnkeyRequestError carries only the body's code and message).
 */
export async function sendStamped(pending: Promise<StampedRequest | undefined>): Promise<Refusal> {
  const signed = await pending;
  if (!signed) throw new Error("the client stamped nothing");
  const res = await fetch(signed.url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      [signed.stamp.stampHeaderName]: signed.stamp.stampHeaderValue,
    },
    body: signed.body,
  });
  const body = (await res.json()) as Record<string, unknown>;
  return { status: res.status, code: Number(body.code), message: String(body.message ?? ""), body };
}

/** The code in a mail the server sent: on its own line, indented by four spaces. */
export const codeIn = (text: string) => /^ {4}([0-9A-Z]{6,9})$/m.exec(text)![1]!;

/** A raw r‖s P-256 signature over SHA-256(message), as CLIENT_SIGNATURE_SCHEME_API_P256 wants it. */
export const signRaw = (privateKey: string, message: string) =>
  Buffer.from(p256.sign(new TextEncoder().encode(message), Buffer.from(privateKey, "hex"))).toString("hex");

export interface OtpServer {
  server: RunningServer;
  capture: SmtpCapture;
  /** The server's signing key, as a client pins it (get_server_signing_key). */
  serverKey: string;
  /** The root user's API key, through @turnkey/sdk-server. */
  client: ApiClient;
  clientFor(key: KeyPair): ApiClient;
  /** init_otp through the client, and the code out of the mail the relay received. */
  codeFlow(
    contact: string,
    extra?: { expirationSeconds?: string },
  ): Promise<{
    otpId: string;
    otpEncryptionTargetBundle: string;
    code: string;
    mail: { subject: string; from: string; text: string };
  }>;
  /** The bundle @turnkey/crypto seals for verify_otp: `code` and `tokenKey`'s public key, to the flow's target. */
  bundle(flow: { otpEncryptionTargetBundle: string }, code: string, tokenKey: KeyPair): Promise<string>;
  /** A fresh flow for `contact`, its code verified: the verification token, bound to `tokenKey`. */
  tokenFor(contact: string, tokenKey: KeyPair, extra?: { expirationSeconds?: string }): Promise<string>;
  /** otp_login's parameters: a fresh session key, and the login message signed by `tokenKey`. */
  loginParams(
    token: string,
    tokenKey: KeyPair,
  ): Promise<{
    session: KeyPair;
    params: {
      verificationToken: string;
      publicKey: string;
      clientSignature: {
        publicKey: string;
        scheme: "CLIENT_SIGNATURE_SCHEME_API_P256";
        message: string;
        signature: string;
      };
    };
  }>;
  stop(): Promise<void>;
}

/**
 * A started Latchkey (`next start`) whose mail goes to a real SMTP server the test starts and names in
 * LATCHKEY_SMTP_URL; its root user's e-mail is `contact`.
 */
export async function startOtpServer(contact: string, options: ServerOptions = {}): Promise<OtpServer> {
  const capture = await startSmtpCapture();
  let server: RunningServer;
  try {
    server = await startServer({
      ...options,
      env: { LATCHKEY_SMTP_URL: capture.url, LATCHKEY_EMAIL_FROM: "Acme <login@acme.test>", ...options.env },
    });
  } catch (error) {
    await capture.close();
    throw error;
  }
  const clientFor = (key: KeyPair) =>
    new Turnkey({
      apiBaseUrl: server.baseUrl,
      apiPublicKey: key.publicKey,
      apiPrivateKey: key.privateKey,
      defaultOrganizationId: server.root.organizationId,
      activityPoller: { intervalMs: 50, numRetries: 2 },
    }).apiClient();
  const client = clientFor(server.root);
  const serverKey = await fetchServerSigningKey(server);
  await client.updateUserEmail({ userId: server.root.userId, userEmail: contact });

  const codeFlow: OtpServer["codeFlow"] = async (to, extra = {}) => {
    const init = await client.initOtp({
      otpType: "OTP_TYPE_EMAIL",
      contact: to,
      appName: "Acme",
      otpLength: 6,
      ...extra,
    });
    const mail = await capture.next(to);
    return { ...init, mail, code: codeIn(mail.text) };
  };
  const bundle: OtpServer["bundle"] = (flow, code, tokenKey) =>
    encryptOtpCodeToBundle(code, flow.otpEncryptionTargetBundle, tokenKey.publicKey, serverKey);
  return {
    server,
    capture,
    serverKey,
    client,
    clientFor,
    codeFlow,
    bundle,
    async tokenFor(to, tokenKey, extra = {}) {
      const flow = await codeFlow(to);
      const { verificationToken } = await client.verifyOtp({
        otpId: flow.otpId,
        encryptedOtpBundle: await bundle(flow, flow.code, tokenKey),
        ...extra,
      });
      return verificationToken;
    },
    async loginParams(token, tokenKey) {
      const { id } = await verifyOtpVerificationToken(token, serverKey);
      const session = generateP256KeyPair();
      const message = JSON.stringify({
        login: { publicKey: session.publicKey },
        tokenId: id,
        type: "USAGE_TYPE_LOGIN",
      });
      return {
        session,
        params: {
          verificationToken: token,
          publicKey: session.publicKey,
          clientSignature: {
            publicKey: tokenKey.publicKey,
            scheme: "CLIENT_SIGNATURE_SCHEME_API_P256" as const,
            message,
            signature: signRaw(tokenKey.privateKey, message),
          },
        },
      };
    },
    async stop() {
      await server?.stop();
      await capture.close();
    },
  };
}
