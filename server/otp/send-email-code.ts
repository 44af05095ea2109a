import { eq } from "drizzle-orm";
import type { AppContext } from "../context";
import type { Tx } from "../db/client";
import { otpFlows } from "../db/schema";
import { renderOtpEmail } from "../mail/otp-email";
import { enqueueEmail } from "../mail/outbox";
import type { OtpPurpose } from "./flows";
import { flowExpiry, startOtpFlow } from "./start-flow";

export interface EmailCodeRequest {
  organizationId: string;
  /** Lower-cased e-mail address. */
  contact: string;
  appName: string;
  length: number;
  alphanumeric: boolean;
  seconds: number;
  /** The flow's purpose, also the Outbox's purpose column: OTP for init_otp, SIGN_IN for the dashboard. */
  purpose: OtpPurpose;
  from?: string;
  replyTo?: string;
  logoUrl?: string;
  magicLinkTemplate?: string;
  now: Date;
}

/**
 * Start an e-mail code flow inside the caller's transaction: the flow (code kept as an HMAC), its
 * encryption target, and the message with its delivery job. Shared by init_otp and the dashboard's
 * sign-in so both send the same mail through the same outbox.
 */
export async function sendEmailCode(
  app: AppContext,
  tx: Tx,
  request: EmailCodeRequest,
): Promise<{ otpId: string; otpEncryptionTargetBundle: string }> {
  const { organizationId, contact, now } = request;
  const { otpId, code, otpEncryptionTargetBundle } = await startOtpFlow(app, tx, {
    organizationId,
    purpose: request.purpose,
    contact,
    length: request.length,
    alphanumeric: request.alphanumeric,
    seconds: request.seconds,
    now,
  });
  const email = renderOtpEmail({
    appName: request.appName,
    code,
    expiresInSeconds: request.seconds,
    logoUrl: request.logoUrl,
    magicLinkTemplate: request.magicLinkTemplate,
  });
  const emailMessageId = await enqueueEmail(
    tx,
    app.keyring,
    {
      organizationId,
      purpose: request.purpose,
      from: request.from ?? app.config.mail.from,
      to: contact,
      replyTo: request.replyTo,
      ...email,
    },
    // Kept for a resend while the code is good (its flow ends sooner when verified or locked).
    { now, maxAttempts: app.config.mail.maxAttempts, resendableUntil: flowExpiry(request) },
  );
  await tx.update(otpFlows).set({ emailMessageId }).where(eq(otpFlows.id, otpId));
  return { otpId, otpEncryptionTargetBundle };
}
