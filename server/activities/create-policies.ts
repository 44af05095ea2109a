import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZCreatePoliciesParams } from "@/lib/api/policies";
import { insertPolicy } from "../policy/store";
import { validatePolicyExpressions } from "../policy/validate";
import { defineActivity } from "./define";

export const createPolicies = defineActivity({
  path: "create_policies",
  type: ACTIVITY_TYPES.create_policies,
  resource: "POLICY",
  action: "CREATE",
  intentKey: "createPoliciesIntent",
  resultKey: "createPoliciesResult",
  summary: "Create several policies at once (all or none)",
  params: ZCreatePoliciesParams,
  result: z.object({ policyIds: z.array(z.string()) }),
  async execute({ tx, organization, now }, params) {
    for (const [i, policy] of params.policies.entries()) {
      validatePolicyExpressions(policy, {
        condition: `parameters.policies[${i}].condition`,
        consensus: `parameters.policies[${i}].consensus`,
      });
    }
    const policyIds: string[] = [];
    for (const policy of params.policies)
      policyIds.push(await insertPolicy(tx, organization.id, policy, now));
    return { policyIds };
  },
});
