import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZInitOtpParams } from "@/lib/api/otp";
import { normalizeContact } from "../otp/contacts";
import { spendOtpBudget } from "../otp/rate-limit";
import { startCodeFlow } from "../otp/start-code-flow";
import { defineActivity } from "./define";

/**
 * Start a one-time-code flow: a fresh code e-mailed or texted to the contact (through the outbox
 * and its delivery job), kept only as an HMAC, and a target key for the client to encrypt it back to.
 */
export const initOtp = defineActivity({
  path: "init_otp",
  type: ACTIVITY_TYPES.init_otp,
  resource: "OTP",
  action: "CREATE",
  intentKey: "initOtpIntentV3",
  resultKey: "initOtpResultV2",
  describe: (p) =>
    `Send a one-time code by ${p.otpType === "OTP_TYPE_SMS" ? "SMS" : "e-mail"} to ${p.contact}`,
  summary:
    "Send a one-time code to an e-mail address or (OTP_TYPE_SMS) a phone number; returns the flow id and the target key to encrypt the code to",
  params: ZInitOtpParams,
  result: z.object({ otpId: z.string(), otpEncryptionTargetBundle: z.string() }),
  parentMayAct: true,
  // Sending a code proves nothing and grants nothing: the code is the credential, not the caller.
  selfService: () => true,
  async beforeTransaction(app, params, admission) {
    await spendOtpBudget(
      app,
      "init_otp",
      { contact: normalizeContact(params.otpType, params.contact), clientAddress: admission.clientAddress },
      admission.now,
    );
  },
  async execute({ app, tx, organization, now, afterCommit }, params) {
    const started = await startCodeFlow(app, tx, organization, params, "OTP", now);
    afterCommit(() => app.jobWake.notify());
    return started;
  },
});
