import { z } from "zod";
import { ZId } from "@/lib/api/common";
import { ZPolicy } from "@/lib/api/policies";
import { findPolicies, renderPolicy } from "../policy/store";
import { defineQuery } from "./define";

export const getPolicy = defineQuery({
  path: "get_policy",
  summary: "One policy",
  request: z.object({ organizationId: ZId, policyId: ZId }),
  response: z.object({ policy: ZPolicy }),
  async run({ app, organization }, request) {
    const [row] = await findPolicies(app.db, organization.id, [request.policyId]);
    return { policy: renderPolicy(row!) };
  },
});
