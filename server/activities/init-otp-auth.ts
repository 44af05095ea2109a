import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZInitOtpParams } from "@/lib/api/otp";
import { normalizeContact } from "../otp/contacts";
import { spendOtpBudget } from "../otp/rate-limit";
import { startCodeFlow } from "../otp/start-code-flow";
import { defineActivity } from "./define";

/**
 * The older one-step OTP login, first half: e-mail or text a code for otp_auth. Same code, limits,
 * features and delivery as init_otp; its flows are its own (otp_auth takes the code in the clear,
 * so there is no target key, and init_otp's flows cannot be spent by it).
 */
export const initOtpAuth = defineActivity({
  path: "init_otp_auth",
  type: ACTIVITY_TYPES.init_otp_auth,
  resource: "OTP",
  action: "CREATE",
  intentKey: "initOtpAuthIntentV3",
  resultKey: "initOtpAuthResultV2",
  describe: (p) =>
    `Send a one-time code by ${p.otpType === "OTP_TYPE_SMS" ? "SMS" : "e-mail"} to ${p.contact} for a new sign-in key`,
  summary: "Send a one-time code to an e-mail address or phone number for otp_auth; returns the flow id",
  params: ZInitOtpParams,
  result: z.object({ otpId: z.string() }),
  parentMayAct: true,
  // As init_otp: sending a code grants nothing.
  selfService: () => true,
  async beforeTransaction(app, params, admission) {
    await spendOtpBudget(
      app,
      "init_otp_auth",
      { contact: normalizeContact(params.otpType, params.contact), clientAddress: admission.clientAddress },
      admission.now,
    );
  },
  async execute({ app, tx, organization, now, afterCommit }, params) {
    const { otpId } = await startCodeFlow(app, tx, organization, params, "OTP_AUTH", now);
    afterCommit(() => app.jobWake.notify());
    return { otpId };
  },
});
