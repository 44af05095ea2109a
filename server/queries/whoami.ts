import { ZOrganizationRequest } from "@/lib/api/common";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { defineQuery } from "./define";

export const whoami = defineQuery({
  path: "whoami",
  summary: "The calling user and the organization named in the request",
  request: ZOrganizationRequest,
  response: QUERY_RESPONSES.whoami,
  async run({ organization, caller }) {
    return {
      organizationId: organization.id,
      organizationName: organization.name,
      userId: caller.user.id,
      username: caller.user.name,
    };
  },
});
