import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZEmailAuthParams } from "@/lib/api/email-credentials";
import { requireFeature } from "../organizations/features";
import { emailCredential } from "../otp/email-credential";
import { spendOtpBudget } from "../otp/rate-limit";
import { sessionSeconds } from "../sessions/session-keys";
import { defineActivity } from "./define";

/**
 * E-mail auth: a new expiring API key of the user with this address, mailed to that address as a
 * credential bundle only the asking device (targetPublicKey) can open. Counted against the same
 * per-address budget as init_otp, since it sends mail to an address the caller names.
 */
export const emailAuth = defineActivity({
  path: "email_auth",
  type: ACTIVITY_TYPES.email_auth,
  resource: "AUTH",
  action: "CREATE",
  intentKey: "emailAuthIntentV3",
  resultKey: "emailAuthResult",
  describe: (p) => `E-mail a new sign-in key to ${p.email}`,
  summary: "E-mail a user a new API key, encrypted to targetPublicKey (the device that asked)",
  params: ZEmailAuthParams,
  result: z.object({ userId: z.string(), apiKeyId: z.string() }),
  parentMayAct: true,
  // The mail is the proof: only the address's reader on the asking device can use the key.
  selfService: () => true,
  async beforeTransaction(app, params, admission) {
    await spendOtpBudget(
      app,
      "email_auth",
      { contact: params.email.toLowerCase(), clientAddress: admission.clientAddress },
      admission.now,
    );
  },
  async execute({ app, tx, organization, now, afterCommit }, params) {
    await requireFeature(tx, organization.id, "FEATURE_NAME_EMAIL_AUTH", "E-mail auth");
    const result = await emailCredential(app, tx, organization, {
      kind: "EMAIL_AUTH",
      credentialType: "CREDENTIAL_TYPE_EMAIL_AUTH_KEY_P256",
      email: params.email,
      targetPublicKey: params.targetPublicKey,
      seconds: sessionSeconds(params.expirationSeconds, app.config.sessionSeconds),
      apiKeyName: params.apiKeyName ?? `Email Auth - ${now.toISOString()}`,
      invalidateExisting: params.invalidateExisting,
      customization: params.emailCustomization,
      sendFromEmailAddress: params.sendFromEmailAddress,
      sendFromEmailSenderName: params.sendFromEmailSenderName,
      replyToEmailAddress: params.replyToEmailAddress,
      now,
    });
    afterCommit(() => app.jobWake.notify());
    return result;
  },
});
