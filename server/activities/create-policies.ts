import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZCreatePoliciesParams } from "@/lib/api/policies";
import { insertPolicies } from "../policy/store";
import { validatePolicyExpressions } from "../policy/validate";
import { defineActivity } from "./define";
import { counted } from "./summary-text";

export const createPolicies = defineActivity({
  path: "create_policies",
  type: ACTIVITY_TYPES.create_policies,
  resource: "POLICY",
  action: "CREATE",
  intentKey: "createPoliciesIntent",
  resultKey: "createPoliciesResult",
  summary: "Create several policies at once (all or none)",
  describe: (p) =>
    counted(
      "Create",
      "policy",
      p.policies.map((x) => x.policyName),
      "policies",
    ),
  params: ZCreatePoliciesParams,
  result: z.object({ policyIds: z.array(z.string()) }),
  async execute({ tx, organization, now }, params) {
    for (const [i, policy] of params.policies.entries()) {
      validatePolicyExpressions(policy, {
        condition: `parameters.policies[${i}].condition`,
        consensus: `parameters.policies[${i}].consensus`,
      });
    }
    return { policyIds: await insertPolicies(tx, organization.id, params.policies, now) };
  },
});
