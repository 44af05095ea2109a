import { ZOrganizationRequest } from "@/lib/api/common";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { loadFeatures } from "../organizations/features";
import { defineQuery } from "./define";

export const getOrganizationConfigs = defineQuery({
  path: "get_organization_configs",
  summary: "The organization's root quorum and features",
  request: ZOrganizationRequest,
  response: QUERY_RESPONSES.get_organization_configs,
  async run({ app, organization }) {
    return {
      configs: {
        features: await loadFeatures(app.db, organization.id),
        quorum: { threshold: organization.rootQuorumThreshold, userIds: organization.rootUserIds },
      },
    };
  },
});
