import { ZOrganizationRequest } from "@/lib/api/common";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { loadPolicies, renderPolicy } from "../policy/store";
import { defineQuery } from "./define";

export const listPolicies = defineQuery({
  path: "list_policies",
  summary: "Every policy of the organization, oldest first",
  request: ZOrganizationRequest,
  response: QUERY_RESPONSES.list_policies,
  run: async ({ app, organization }) => ({
    policies: (await loadPolicies(app.db, organization.id)).map(renderPolicy),
  }),
});
