import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZInitUserEmailRecoveryParams } from "@/lib/api/email-credentials";
import { requireFeature } from "../organizations/features";
import { emailCredential } from "../otp/email-credential";
import { spendOtpBudget } from "../otp/rate-limit";
import { sessionSeconds } from "../sessions/session-keys";
import { defineActivity } from "./define";

/**
 * E-mail recovery, first half: a recovery key of the user with this address, mailed as a bundle
 * for the asking device. The key can submit recover_user and nothing else (server/auth/credential-scope.ts).
 */
export const initUserEmailRecovery = defineActivity({
  path: "init_user_email_recovery",
  type: ACTIVITY_TYPES.init_user_email_recovery,
  resource: "RECOVERY",
  action: "CREATE",
  intentKey: "initUserEmailRecoveryIntentV2",
  resultKey: "initUserEmailRecoveryResult",
  describe: (p) => `E-mail a recovery key to ${p.email}`,
  summary: "E-mail a user a recovery key (good only for recover_user), encrypted to targetPublicKey",
  params: ZInitUserEmailRecoveryParams,
  result: z.object({ userId: z.string() }),
  parentMayAct: true,
  // The mail is the proof, as for email_auth.
  selfService: () => true,
  async beforeTransaction(app, params, admission) {
    await spendOtpBudget(
      app,
      "init_user_email_recovery",
      { contact: params.email.toLowerCase(), clientAddress: admission.clientAddress },
      admission.now,
    );
  },
  async execute({ app, tx, organization, now, afterCommit }, params) {
    await requireFeature(tx, organization.id, "FEATURE_NAME_EMAIL_RECOVERY", "E-mail recovery");
    const { userId } = await emailCredential(app, tx, organization, {
      kind: "RECOVERY",
      credentialType: "CREDENTIAL_TYPE_RECOVER_USER_KEY_P256",
      email: params.email,
      targetPublicKey: params.targetPublicKey,
      seconds: sessionSeconds(params.expirationSeconds, app.config.sessionSeconds),
      apiKeyName: `Recovery - ${now.toISOString()}`,
      customization: params.emailCustomization,
      sendFromEmailAddress: params.sendFromEmailAddress,
      sendFromEmailSenderName: params.sendFromEmailSenderName,
      replyToEmailAddress: params.replyToEmailAddress,
      now,
    });
    afterCommit(() => app.jobWake.notify());
    return { userId };
  },
});
