import { z } from "zod";
import { ZId } from "@/lib/api/common";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { findPolicies, renderPolicy } from "../policy/store";
import { defineQuery } from "./define";

export const getPolicy = defineQuery({
  path: "get_policy",
  summary: "One policy",
  request: z.object({ organizationId: ZId, policyId: ZId }),
  response: QUERY_RESPONSES.get_policy,
  async run({ app, organization }, request) {
    const [row] = await findPolicies(app.db, organization.id, [request.policyId]);
    return { policy: renderPolicy(row!) };
  },
});
