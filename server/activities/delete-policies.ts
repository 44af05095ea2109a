import { inArray } from "drizzle-orm";
import { z } from "zod";
import { ZDeletePoliciesParams } from "@/lib/api/policies";
import { policies } from "../db/schema";
import { findPolicies } from "../policy/store";
import { defineActivity } from "./define";

export const deletePolicies = defineActivity({
  path: "delete_policies",
  type: "ACTIVITY_TYPE_DELETE_POLICIES",
  intentKey: "deletePoliciesIntent",
  resultKey: "deletePoliciesResult",
  summary: "Delete several policies (all or none)",
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
