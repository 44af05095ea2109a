import { eq } from "drizzle-orm";
import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZUpdateMfaPolicyParams } from "@/lib/api/mfa";
import { mfaPolicies } from "../db/schema";
import { requireMfaPolicy } from "../mfa/policies";
import { validatePolicyExpressions } from "../policy/validate";
import { defineActivity } from "./define";

/** update_mfa_policy: fields given replace the stored ones; loosening a rule needs the usual approval. */
export const updateMfaPolicy = defineActivity({
  path: "update_mfa_policy",
  type: ACTIVITY_TYPES.update_mfa_policy,
  resource: "AUTH",
  action: "UPDATE",
  intentKey: "updateMfaPolicyIntent",
  resultKey: "updateMfaPolicyResult",
  describe: (p, names) =>
    `Update MFA policy ${p.mfaPolicyName ?? p.mfaPolicyId.slice(0, 8)} of ${names.user(p.userId)}` +
    (p.condition ? `: when ${p.condition}` : ""),
  summary: "Update an MFA policy of a user",
  params: ZUpdateMfaPolicyParams,
  result: z.object({ mfaPolicyId: z.string() }),
  async execute({ tx, organization, now }, params) {
    await requireMfaPolicy(tx, organization.id, params.userId, params.mfaPolicyId);
    if (params.condition !== undefined) {
      validatePolicyExpressions(
        { condition: params.condition },
        { condition: "parameters.condition", consensus: "" },
      );
    }
    await tx
      .update(mfaPolicies)
      .set({
        ...(params.mfaPolicyName !== undefined ? { name: params.mfaPolicyName } : {}),
        ...(params.condition !== undefined ? { condition: params.condition } : {}),
        ...(params.requiredAuthenticationMethods
          ? { requiredMethods: params.requiredAuthenticationMethods }
          : {}),
        ...(params.order !== undefined ? { order: params.order } : {}),
        ...(params.notes !== undefined ? { notes: params.notes } : {}),
        updatedAt: now,
      })
      .where(eq(mfaPolicies.id, params.mfaPolicyId));
    return { mfaPolicyId: params.mfaPolicyId };
  },
});
