import { z } from "zod";
import { ZOrganizationRequest } from "@/lib/api/common";
import { defineQuery } from "./define";

export const whoami = defineQuery({
  path: "whoami",
  summary: "The calling user and the organization named in the request",
  request: ZOrganizationRequest,
  response: z.object({
    organizationId: z.string(),
    organizationName: z.string(),
    userId: z.string(),
    username: z.string(),
  }),
  async run({ organization, caller }) {
    return {
      organizationId: organization.id,
      organizationName: organization.name,
      userId: caller.user.id,
      username: caller.user.name,
    };
  },
});
