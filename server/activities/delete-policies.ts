import { inArray } from "drizzle-orm";
import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZDeletePoliciesParams } from "@/lib/api/policies";
import { policies } from "../db/schema";
import { textsParam } from "../policy/context/params";
import { findPolicies } from "../policy/store";
import { defineActivity } from "./define";
import { counted } from "./summary-text";

export const deletePolicies = defineActivity({
  path: "delete_policies",
  type: ACTIVITY_TYPES.delete_policies,
  resource: "POLICY",
  action: "DELETE",
  policyParams: [textsParam("policy_ids", "policyIds")],
  intentKey: "deletePoliciesIntent",
  resultKey: "deletePoliciesResult",
  summary: "Delete several policies (all or none)",
  describe: (p, n) => counted("Delete", "policy", p.policyIds.map(n.policy), "policies"),
  params: ZDeletePoliciesParams,
  result: z.object({ policyIds: z.array(z.string()) }),
  async execute({ tx, organization }, params) {
    const rows = await findPolicies(tx, organization.id, params.policyIds);
    await tx.delete(policies).where(
      inArray(
        policies.id,
        rows.map((r) => r.id),
      ),
    );
    return { policyIds: params.policyIds };
  },
});
