import { z } from "zod";
import { ZOrganizationRequest } from "@/lib/api/common";
import { ZOrganizationData } from "@/lib/api/organizations";
import { loadUsers } from "../users/render";
import { defineQuery } from "./define";

export const getOrganization = defineQuery({
  path: "get_organization",
  summary: "The organization with its users and root quorum",
  request: ZOrganizationRequest,
  response: z.object({ organizationData: ZOrganizationData }),
  async run({ app, organization }) {
    return {
      organizationData: {
        organizationId: organization.id,
        name: organization.name,
        users: await loadUsers(app.db, organization.id),
        policies: [],
        privateKeys: [],
        invitations: [],
        tags: [],
        rootQuorum: { threshold: organization.rootQuorumThreshold, userIds: organization.rootUserIds },
        features: [],
        wallets: [],
        smartContractInterfaceReferences: [],
      },
    };
  },
});
