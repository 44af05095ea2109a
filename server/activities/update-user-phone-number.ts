import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZUpdateUserPhoneNumberParams } from "@/lib/api/users";
import { invalid } from "../errors";
import { spendVerificationToken } from "../otp/tokens";
import { updateUserRow } from "../users/update";
import { defineActivity } from "./define";

export const updateUserPhoneNumber = defineActivity({
  path: "update_user_phone_number",
  type: ACTIVITY_TYPES.update_user_phone_number,
  resource: "USER",
  action: "UPDATE",
  intentKey: "updateUserPhoneNumberIntent",
  resultKey: "updateUserPhoneNumberResult",
  summary:
    "Set a user's phone number (E.164) or remove it with an empty string; a matching verificationToken marks it verified",
  describe: (p, n) => `Set the phone number of ${n.user(p.userId)} to ${p.userPhoneNumber || "none"}`,
  params: ZUpdateUserPhoneNumberParams,
  result: z.object({ userId: z.string() }),
  async execute({ app, tx, organization, now }, params) {
    const phoneNumber = params.userPhoneNumber || null;
    if (params.verificationToken === undefined) {
      return updateUserRow(tx, organization.id, params.userId, { phoneNumber }, now);
    }
    // Spent in this transaction: a token for another number rolls back unspent.
    const claims = await spendVerificationToken(app, tx, organization, params.verificationToken, now);
    if (claims.verification_type !== "OTP_TYPE_SMS" || claims.contact !== params.userPhoneNumber) {
      throw invalid(
        `verificationToken proves ${claims.contact}, not ${params.userPhoneNumber || "an empty phone number"}`,
        "parameters.verificationToken",
      );
    }
    return updateUserRow(tx, organization.id, params.userId, { phoneNumber, phoneVerifiedAt: now }, now);
  },
});
