import { eq } from "drizzle-orm";
import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZDeletePolicyParams } from "@/lib/api/policies";
import { policies } from "../db/schema";
import { textParam } from "../policy/context/params";
import { findPolicies } from "../policy/store";
import { defineActivity } from "./define";

export const deletePolicy = defineActivity({
  path: "delete_policy",
  type: ACTIVITY_TYPES.delete_policy,
  resource: "POLICY",
  action: "DELETE",
  policyParams: [textParam("policy_id", "policyId")],
  intentKey: "deletePolicyIntent",
  resultKey: "deletePolicyResult",
  summary: "Delete a policy (its past evaluations stay with the activities they decided)",
  describe: (p, n) => `Delete policy ${n.policy(p.policyId)}`,
  params: ZDeletePolicyParams,
  result: z.object({ policyId: z.string() }),
  async execute({ tx, organization }, params) {
    const [policy] = await findPolicies(tx, organization.id, [params.policyId]);
    await tx.delete(policies).where(eq(policies.id, policy!.id));
    return { policyId: policy!.id };
  },
});
