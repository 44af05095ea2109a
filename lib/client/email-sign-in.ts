import { encryptOtpCodeToBundle } from "@turnkey/crypto";
import { z } from "zod";
import type { EmailSignInCodeResult, EmailSignInSessionResult } from "../api/email-sign-in";
import { ZEmailSignInCodeRequest } from "../api/email-sign-in";
import { createSessionKey } from "../stampers/session-key";
import { ApiRequestError } from "./api";
import { keepSession } from "./login";
import type { StoredSession } from "./session-store";

async function postJson<T>(url: string, body: unknown): Promise<T> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const json = await response.json().catch(() => ({ message: `HTTP ${response.status}` }));
  if (!response.ok) throw new ApiRequestError(response.status, json.message ?? `HTTP ${response.status}`);
  return json as T;
}

/** The e-mail field of the sign-in page, checked as the server checks it. */
export const ZEmailSignInForm = z.object({ email: ZEmailSignInCodeRequest.shape.email });

/** The code field: what the e-mail shows, spaces and case forgiven. */
export const ZEmailCodeForm = z.object({
  code: z
    .string()
    .transform((v) => v.replace(/\s+/g, "").toUpperCase())
    .pipe(z.string().regex(/^[0-9A-Z]{6,9}$/, "must be the 6 to 9 letters and digits from the e-mail")),
});

/** Step 1: ask the server to mail a code (it answers alike whether or not the address has a user). */
export const requestSignInCode = (organizationId: string, email: string) =>
  postJson<EmailSignInCodeResult>("/api/login/email/code", { organizationId, email });

/**
 * Step 2: make the session key, seal the code and its public half to the flow's target (the
 * official client's bundle, checked against the server key that signed the target), and keep the
 * session the server starts for that key.
 */
export async function finishEmailSignIn(
  organizationId: string,
  started: EmailSignInCodeResult,
  code: string,
): Promise<StoredSession> {
  const key = await createSessionKey();
  const encryptedOtpBundle = await encryptOtpCodeToBundle(
    code,
    started.otpEncryptionTargetBundle,
    key.publicKey,
    started.serverSigningPublicKey,
  );
  const { session } = await postJson<EmailSignInSessionResult>("/api/login/email/session", {
    organizationId,
    otpId: started.otpId,
    encryptedOtpBundle,
  });
  return keepSession(session, key, organizationId);
}
