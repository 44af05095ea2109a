import { eq } from "drizzle-orm";
import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZUpdatePolicyParams } from "@/lib/api/policies";
import { policies } from "../db/schema";
import { findPolicies } from "../policy/store";
import { validatePolicyExpressions } from "../policy/validate";
import { defineActivity } from "./define";

export const updatePolicy = defineActivity({
  path: "update_policy",
  type: ACTIVITY_TYPES.update_policy,
  resource: "POLICY",
  action: "UPDATE",
  alsoAccepts: ["ACTIVITY_TYPE_UPDATE_POLICY"],
  intentKey: "updatePolicyIntentV2",
  resultKey: "updatePolicyResultV2",
  summary: "Change a policy's name, effect, condition, consensus or notes (fields left out stay)",
  describe: (p, n) =>
    `Update policy ${n.policy(p.policyId)}${p.policyName && p.policyName !== n.policy(p.policyId) ? ` (renamed to ${p.policyName})` : ""}${p.policyEffect ? `: ${p.policyEffect === "EFFECT_DENY" ? "deny" : "allow"}` : ""}`,
  params: ZUpdatePolicyParams,
  result: z.object({ policyId: z.string() }),
  async execute({ tx, organization, now }, params) {
    const [policy] = await findPolicies(tx, organization.id, [params.policyId]);
    validatePolicyExpressions(
      { condition: params.policyCondition, consensus: params.policyConsensus },
      { condition: "parameters.policyCondition", consensus: "parameters.policyConsensus" },
    );
    await tx
      .update(policies)
      .set({
        name: params.policyName ?? policy!.name,
        effect: params.policyEffect ?? policy!.effect,
        condition: params.policyCondition?.trim() ?? policy!.condition,
        consensus: params.policyConsensus?.trim() ?? policy!.consensus,
        notes: params.policyNotes ?? policy!.notes,
        updatedAt: now,
      })
      .where(eq(policies.id, policy!.id));
    return { policyId: policy!.id };
  },
});
