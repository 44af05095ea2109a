import { eq } from "drizzle-orm";
import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZUpdateOrganizationNameParams } from "@/lib/api/organizations";
import { organizations } from "../db/schema";
import { defineActivity } from "./define";

export const updateOrganizationName = defineActivity({
  path: "update_organization_name",
  type: ACTIVITY_TYPES.update_organization_name,
  resource: "ORGANIZATION",
  action: "UPDATE",
  intentKey: "updateOrganizationNameIntent",
  resultKey: "updateOrganizationNameResult",
  summary: "Rename the organization (root quorum only)",
  rootQuorumOnly: true,
  describe: (p) => `Rename the organization to ${p.organizationName}`,
  params: ZUpdateOrganizationNameParams,
  result: z.object({ organizationId: z.string(), organizationName: z.string() }),
  async execute({ tx, organization, now }, params) {
    await tx
      .update(organizations)
      .set({ name: params.organizationName, updatedAt: now })
      .where(eq(organizations.id, organization.id));
    return { organizationId: organization.id, organizationName: params.organizationName };
  },
});
