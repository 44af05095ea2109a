import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZResendOutboxMessageParams } from "@/lib/api/otp";
import { findEmail } from "../mail/outbox";
import { spendOtpBudget } from "../otp/rate-limit";
import { lockOutboxMessage, resendCode } from "../otp/resend-code";
import { defineActivity } from "./define";

/**
 * Support's "resend" on the Outbox page: a one-time code that did not arrive (a failed delivery, a
 * mail lost downstream) goes out again while its flow is open. An activity, so policies decide who
 * may (root quorum, or what a policy on activity.type allows) and every resend is recorded; the
 * answer never carries the code. It spends the recipient's code budget like a new init_otp.
 */
export const resendOutboxMessage = defineActivity({
  path: "resend_outbox_message",
  latchkeyExtension: true,
  type: ACTIVITY_TYPES.resend_outbox_message,
  resource: "OTP",
  action: "UPDATE",
  intentKey: "resendOutboxMessageIntent",
  resultKey: "resendOutboxMessageResult",
  summary:
    "Latchkey extension: deliver a one-time code's e-mail or text message again while its flow is open (at most 3 times)",
  describe: (p) => `Resend outbox message ${p.messageId}`,
  params: ZResendOutboxMessageParams,
  result: z.object({ messageId: z.string(), status: z.literal("QUEUED"), resends: z.number().int() }),
  async beforeTransaction(app, params, admission) {
    const message = await findEmail(app.db, params.messageId);
    // An unknown or foreign message is execute's 404; it costs nobody's budget.
    if (message?.organizationId !== admission.organizationId) return;
    await spendOtpBudget(
      app,
      "resend_outbox_message",
      { contact: message.toAddress, clientAddress: admission.clientAddress },
      admission.now,
    );
  },
  async execute({ app, tx, organization, now, afterCommit }, params) {
    const message = await lockOutboxMessage(tx, organization.id, params.messageId);
    const result = await resendCode(tx, message, now);
    afterCommit(() => app.jobWake.notify());
    return result;
  },
});
