import { ZOrganizationRequest } from "@/lib/api/common";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { defineQuery } from "./define";

export const getOrganizationConfigs = defineQuery({
  path: "get_organization_configs",
  summary: "The organization's root quorum and features",
  request: ZOrganizationRequest,
  response: QUERY_RESPONSES.get_organization_configs,
  async run({ organization }) {
    return {
      configs: {
        features: [],
        quorum: { threshold: organization.rootQuorumThreshold, userIds: organization.rootUserIds },
      },
    };
  },
});
