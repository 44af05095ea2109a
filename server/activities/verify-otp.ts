import { randomUUID } from "node:crypto";
import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZVerifyOtpParams } from "@/lib/api/otp";
import { isP256Point } from "../crypto/p256-point";
import { verificationTokens } from "../db/schema";
import { invalid } from "../errors";
import { requireFeature } from "../organizations/features";
import { OTP_FEATURE, type OtpType } from "../otp/contacts";
import { consumeOtpFlow, countOtpAttempt, otpFlowType } from "../otp/flows";
import { issueVerificationToken } from "../otp/verification-token";
import { defineActivity } from "./define";

const DEFAULT_TOKEN_SECONDS = 3600;
const COMPRESSED_P256 = /^0[23][0-9a-fA-F]{64}$/;

/**
 * Check a code the client encrypted to the flow's target key: a wrong one counts against the flow
 * (five lock it) before the 400; the right one ends the flow and yields a verification token bound
 * to the public key the client sealed with the code.
 */
export const verifyOtp = defineActivity({
  path: "verify_otp",
  type: ACTIVITY_TYPES.verify_otp,
  resource: "OTP",
  action: "VERIFY",
  intentKey: "verifyOtpIntentV2",
  resultKey: "verifyOtpResult",
  describe: (p) => `Check the one-time code of flow ${p.otpId}`,
  summary: "Check a one-time code (encrypted with encryptOtpCodeToBundle); returns a verification token",
  params: ZVerifyOtpParams,
  result: z.object({ verificationToken: z.string() }),
  parentMayAct: true,
  // The code is the proof; whoever relays it needs no approval.
  selfService: () => true,
  async beforeTransaction(app, params, admission) {
    const otpType = await otpFlowType(app.db, admission.organizationId, params.otpId);
    if (otpType) {
      const feature = OTP_FEATURE[otpType];
      await requireFeature(app.db, admission.organizationId, feature.name, feature.product);
    }
    await countOtpAttempt(app, { ...params, organizationId: admission.organizationId, now: admission.now });
  },
  async execute({ app, tx, organization, now }, params) {
    const { flow, publicKey } = await consumeOtpFlow(app, tx, {
      ...params,
      organizationId: organization.id,
      now,
    });
    if (!COMPRESSED_P256.test(publicKey) || !isP256Point(publicKey)) {
      throw invalid(
        "encryptedOtpBundle: its public_key must be a compressed P-256 public key (66 hex characters), the key that will sign the login",
        "parameters.encryptedOtpBundle",
      );
    }
    const seconds = params.expirationSeconds ? Number(params.expirationSeconds) : DEFAULT_TOKEN_SECONDS;
    const expiresAt = new Date(now.getTime() + seconds * 1000);
    const id = randomUUID();
    await tx.insert(verificationTokens).values({
      id,
      organizationId: organization.id,
      otpFlowId: flow.id,
      verificationType: flow.otpType,
      contact: flow.contact,
      publicKey: publicKey.toLowerCase(),
      expiresAt,
      createdAt: now,
    });
    const verificationToken = issueVerificationToken(app.serverKey, {
      exp: String(expiresAt.getTime()),
      id,
      organization_id: organization.id,
      verification_type: flow.otpType as OtpType,
      contact: flow.contact,
      public_key: publicKey.toLowerCase(),
    });
    return { verificationToken };
  },
});
