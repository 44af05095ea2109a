import { and, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZOtpLoginParams } from "@/lib/api/otp";
import { normalizeApiPublicKey } from "../credentials/public-keys";
import { users } from "../db/schema";
import { notFound } from "../errors";
import { requireFeature } from "../organizations/features";
import { checkLoginSignature } from "../otp/client-signature";
import { OTP_FEATURE } from "../otp/contacts";
import { spendVerificationToken } from "../otp/tokens";
import { textParam } from "../policy/context/params";
import { startLoginSession } from "../sessions/login-session";
import { defineActivity } from "./define";

/**
 * Log in with a verification token: the token is spent once, the client proves it holds the key
 * the token is bound to by signing the login message, and the user of this organization with the
 * verified e-mail gets a read-write session for `publicKey` (and their e-mail counts as verified).
 */
export const otpLogin = defineActivity({
  path: "otp_login",
  type: ACTIVITY_TYPES.otp_login,
  resource: "AUTH",
  action: "CREATE",
  policyParams: [textParam("session_profile_id", "sessionProfileId")],
  intentKey: "otpLoginIntentV2",
  resultKey: "otpLoginResult",
  describe: () => "Log in with a verified e-mail or phone number (one-time code) and start a session",
  summary: "Start a read-write session for the user whose e-mail or phone number a verification token proves",
  params: ZOtpLoginParams,
  result: z.object({ session: z.string() }),
  parentMayAct: true,
  // The token and the client signature are the proof; the relaying credential needs no approval.
  selfService: () => true,
  async execute({ app, tx, organization, now }, params) {
    const publicKey = normalizeApiPublicKey("API_KEY_CURVE_P256", params.publicKey, "parameters.publicKey");
    // Spent inside this transaction: any refusal below rolls the spending back.
    const claims = await spendVerificationToken(app, tx, organization, params.verificationToken, now);
    const feature = OTP_FEATURE[claims.verification_type];
    await requireFeature(tx, organization.id, feature.name, feature.product);
    const bySms = claims.verification_type === "OTP_TYPE_SMS";
    checkLoginSignature(params.clientSignature, {
      boundPublicKey: claims.public_key,
      sessionPublicKey: params.publicKey,
      tokenId: claims.id,
    });
    const [user] = await tx
      .select()
      .from(users)
      .where(
        and(
          eq(users.organizationId, organization.id),
          bySms ? eq(users.phoneNumber, claims.contact) : sql`lower(${users.email}) = ${claims.contact}`,
          isNull(users.deletedAt),
        ),
      )
      .orderBy(users.id)
      .limit(1);
    if (!user) {
      throw notFound(
        `user with ${bySms ? "phone number" : "e-mail"} ${claims.contact} in organization`,
        organization.id,
      );
    }
    const verified = bySms ? { phoneVerifiedAt: now } : { emailVerifiedAt: now };
    await tx
      .update(users)
      .set({ ...verified, updatedAt: now })
      .where(eq(users.id, user.id));
    const session = await startLoginSession(app, tx, {
      organization,
      userId: user.id,
      publicKey,
      expirationSeconds: params.expirationSeconds,
      invalidateExisting: params.invalidateExisting,
      sessionProfileId: params.sessionProfileId,
      name: `OTP login ${now.toISOString()}`,
      loginMethod: bySms ? "AUTHENTICATION_TYPE_SMS_OTP" : "AUTHENTICATION_TYPE_EMAIL_OTP",
      now,
    });
    return { session };
  },
});
