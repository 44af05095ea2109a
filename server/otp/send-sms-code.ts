import { eq } from "drizzle-orm";
import type { AppContext } from "../context";
import type { Tx } from "../db/client";
import { otpFlows } from "../db/schema";
import { renderOtpText } from "../sms/otp-text";
import { enqueueSms } from "../sms/outbox";
import type { OtpPurpose } from "./flows";
import { flowExpiry, startOtpFlow } from "./start-flow";

/**
 * Start an SMS code flow inside the caller's transaction: the flow, its encryption target, and the
 * text message with its delivery job (Twilio, or the local sink shown on the Outbox page).
 */
export async function sendSmsCode(
  app: AppContext,
  tx: Tx,
  request: {
    organizationId: string;
    /** E.164 */
    contact: string;
    appName: string;
    length: number;
    alphanumeric: boolean;
    seconds: number;
    template?: string;
    purpose?: OtpPurpose;
    now: Date;
  },
): Promise<{ otpId: string; otpEncryptionTargetBundle: string }> {
  const { organizationId, contact, now } = request;
  const { otpId, code, otpEncryptionTargetBundle } = await startOtpFlow(app, tx, {
    organizationId,
    otpType: "OTP_TYPE_SMS",
    purpose: request.purpose,
    contact,
    length: request.length,
    alphanumeric: request.alphanumeric,
    seconds: request.seconds,
    now,
  });
  const text = renderOtpText({
    appName: request.appName,
    code,
    expiresInSeconds: request.seconds,
    template: request.template,
  });
  const messageId = await enqueueSms(
    tx,
    app.keyring,
    {
      organizationId,
      purpose: request.purpose ?? "OTP",
      from: app.config.sms.senderLabel,
      to: contact,
      text,
    },
    { now, maxAttempts: app.config.sms.maxAttempts, resendableUntil: flowExpiry(request) },
  );
  // The flow's message column names the outbox row whatever its channel.
  await tx.update(otpFlows).set({ emailMessageId: messageId }).where(eq(otpFlows.id, otpId));
  return { otpId, otpEncryptionTargetBundle };
}
