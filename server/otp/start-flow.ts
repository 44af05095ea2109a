import type { AppContext } from "../context";
import type { Tx } from "../db/client";
import { initOtpTarget } from "../signer/otp-targets";
import { insertOtpFlow } from "./flows";

/**
 * A new flow and what the client encrypts its code to: the part of sending a code that is the same
 * for e-mail and SMS (send-email-code.ts, send-sms-code.ts).
 */
export async function startOtpFlow(
  app: AppContext,
  tx: Tx,
  input: Parameters<typeof insertOtpFlow>[2],
): Promise<{ otpId: string; code: string; otpEncryptionTargetBundle: string }> {
  const { otpId, code } = await insertOtpFlow(app, tx, input);
  // otp_auth takes its code in the clear: no key to encrypt it to.
  const otpEncryptionTargetBundle =
    input.purpose === "OTP_AUTH"
      ? ""
      : await initOtpTarget(tx, app.keyring, app.serverKey, input.organizationId, otpId, input.now);
  return { otpId, code, otpEncryptionTargetBundle };
}

/** When a flow started at `now` for `seconds` expires (insertOtpFlow's expiresAt). */
export const flowExpiry = (input: { now: Date; seconds: number }) =>
  new Date(input.now.getTime() + input.seconds * 1000);
