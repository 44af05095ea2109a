import { eq } from "drizzle-orm";
import { z } from "zod";
import { ZDeletePolicyParams } from "@/lib/api/policies";
import { policies } from "../db/schema";
import { findPolicies } from "../policy/store";
import { defineActivity } from "./define";

export const deletePolicy = defineActivity({
  path: "delete_policy",
  type: "ACTIVITY_TYPE_DELETE_POLICY",
  intentKey: "deletePolicyIntent",
  resultKey: "deletePolicyResult",
  summary: "Delete a policy (its past evaluations stay with the activities they decided)",
  params: ZDeletePolicyParams,
  result: z.object({ policyId: z.string() }),
  async execute({ tx, organization }, params) {
    const [policy] = await findPolicies(tx, organization.id, [params.policyId]);
    await tx.delete(policies).where(eq(policies.id, policy!.id));
    return { policyId: policy!.id };
  },
});
