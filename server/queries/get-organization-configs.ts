import { z } from "zod";
import { ZOrganizationRequest } from "@/lib/api/common";
import { ZQuorum } from "@/lib/api/organizations";
import { defineQuery } from "./define";

export const getOrganizationConfigs = defineQuery({
  path: "get_organization_configs",
  summary: "The organization's root quorum and features",
  request: ZOrganizationRequest,
  response: z.object({ configs: z.object({ features: z.array(z.unknown()), quorum: ZQuorum }) }),
  async run({ organization }) {
    return {
      configs: {
        features: [],
        quorum: { threshold: organization.rootQuorumThreshold, userIds: organization.rootUserIds },
      },
    };
  },
});
