import { z } from "zod";
import { ZOrganizationRequest } from "@/lib/api/common";
import { ZPolicy } from "@/lib/api/policies";
import { loadPolicies, renderPolicy } from "../policy/store";
import { defineQuery } from "./define";

export const listPolicies = defineQuery({
  path: "list_policies",
  summary: "Every policy of the organization, oldest first",
  request: ZOrganizationRequest,
  response: z.object({ policies: z.array(ZPolicy) }),
  run: async ({ app, organization }) => ({
    policies: (await loadPolicies(app.db, organization.id)).map(renderPolicy),
  }),
});
