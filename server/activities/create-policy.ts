import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZPolicyParams } from "@/lib/api/policies";
import { insertPolicy } from "../policy/store";
import { validatePolicyExpressions } from "../policy/validate";
import { defineActivity } from "./define";

export const createPolicy = defineActivity({
  path: "create_policy",
  type: ACTIVITY_TYPES.create_policy,
  resource: "POLICY",
  action: "CREATE",
  intentKey: "createPolicyIntentV3",
  resultKey: "createPolicyResult",
  summary:
    "Create a policy: an effect (allow or deny), a condition over the activity and a consensus over its " +
    "approvers, in the policy language; an expression that does not check is a 400 naming the position",
  describe: (p) => `Create ${p.effect === "EFFECT_DENY" ? "deny" : "allow"} policy ${p.policyName}`,
  params: ZPolicyParams,
  result: z.object({ policyId: z.string() }),
  async execute({ tx, organization, now }, params) {
    validatePolicyExpressions(params, {
      condition: "parameters.condition",
      consensus: "parameters.consensus",
    });
    return { policyId: await insertPolicy(tx, organization.id, params, now) };
  },
});
