import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZOtpAuthParams } from "@/lib/api/otp";
import { isP256Point } from "../crypto/p256-point";
import { invalid, notFound } from "../errors";
import { requireFeature } from "../organizations/features";
import { OTP_FEATURE, type OtpType } from "../otp/contacts";
import { consumeOtpFlow, countOtpAttempt, otpFlowType } from "../otp/flows";
import { issueCredentialKey } from "../sessions/credential-key";
import { sessionSeconds } from "../sessions/session-keys";
import { findUserByContact, markContactVerified } from "../users/by-contact";
import { defineActivity } from "./define";

/**
 * The older one-step OTP login, second half: the code from init_otp_auth, in the clear; a right
 * one gives the user with that contact a new expiring API key, returned as a credential bundle
 * encrypted to targetPublicKey. Wrong codes count against the flow as verify_otp's do.
 */
export const otpAuth = defineActivity({
  path: "otp_auth",
  type: ACTIVITY_TYPES.otp_auth,
  resource: "AUTH",
  action: "CREATE",
  intentKey: "otpAuthIntent",
  resultKey: "otpAuthResult",
  describe: (p) => `Exchange the one-time code of flow ${p.otpId} for a new sign-in key`,
  summary:
    "Check an init_otp_auth code; returns a new API key of the contact's user encrypted to targetPublicKey",
  params: ZOtpAuthParams,
  result: z.object({ userId: z.string(), apiKeyId: z.string(), credentialBundle: z.string() }),
  parentMayAct: true,
  // The code is the proof; whoever relays it needs no approval.
  selfService: () => true,
  async beforeTransaction(app, params, admission) {
    const otpType = await otpFlowType(app.db, admission.organizationId, params.otpId);
    if (otpType) {
      const feature = OTP_FEATURE[otpType];
      await requireFeature(app.db, admission.organizationId, feature.name, feature.product);
    }
    if (!isP256Point(params.targetPublicKey)) {
      throw invalid("targetPublicKey must be a point on P-256", "parameters.targetPublicKey");
    }
    await countOtpAttempt(app, {
      organizationId: admission.organizationId,
      otpId: params.otpId,
      otpCode: params.otpCode.toUpperCase(),
      purpose: "OTP_AUTH",
      now: admission.now,
    });
  },
  async execute({ app, tx, organization, now }, params) {
    const { flow } = await consumeOtpFlow(app, tx, {
      organizationId: organization.id,
      otpId: params.otpId,
      otpCode: params.otpCode.toUpperCase(),
      purpose: "OTP_AUTH",
      now,
    });
    const otpType = flow.otpType as OtpType;
    const user = await findUserByContact(tx, organization.id, otpType, flow.contact);
    if (!user) throw notFound(`user with the contact ${flow.contact} in organization`, organization.id);
    await markContactVerified(tx, user.id, otpType, now);
    const { apiKeyId, credentialBundle } = await issueCredentialKey(tx, {
      organizationId: organization.id,
      userId: user.id,
      credentialType: "CREDENTIAL_TYPE_OTP_AUTH_KEY_P256",
      targetPublicKey: params.targetPublicKey,
      seconds: sessionSeconds(params.expirationSeconds, app.config.sessionSeconds),
      name: params.apiKeyName ?? `OTP Auth - ${now.toISOString()}`,
      invalidateExisting: params.invalidateExisting,
      now,
    });
    return { userId: user.id, apiKeyId, credentialBundle };
  },
});
