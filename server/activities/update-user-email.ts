import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZUpdateUserEmailParams } from "@/lib/api/users";
import { invalid } from "../errors";
import { spendVerificationToken } from "../otp/tokens";
import { updateUserRow } from "../users/update";
import { defineActivity } from "./define";

export const updateUserEmail = defineActivity({
  path: "update_user_email",
  type: ACTIVITY_TYPES.update_user_email,
  resource: "USER",
  action: "UPDATE",
  intentKey: "updateUserEmailIntent",
  resultKey: "updateUserEmailResult",
  summary:
    "Set or remove (empty string) a user's email address; a matching verificationToken marks it verified",
  describe: (p, n) => `Set the e-mail of ${n.user(p.userId)} to ${p.userEmail || "none"}`,
  params: ZUpdateUserEmailParams,
  result: z.object({ userId: z.string() }),
  async execute({ app, tx, organization, now }, params) {
    if (params.verificationToken === undefined) {
      return updateUserRow(tx, organization.id, params.userId, { email: params.userEmail || null }, now);
    }
    const claims = await spendVerificationToken(app, tx, organization, params.verificationToken, now);
    if (claims.verification_type !== "OTP_TYPE_EMAIL" || claims.contact !== params.userEmail.toLowerCase()) {
      throw invalid(
        `verificationToken proves ${claims.contact}, not ${params.userEmail || "an empty address"}`,
        "parameters.verificationToken",
      );
    }
    return updateUserRow(
      tx,
      organization.id,
      params.userId,
      { email: params.userEmail, emailVerifiedAt: now },
      now,
    );
  },
});
