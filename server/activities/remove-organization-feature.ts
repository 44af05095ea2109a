import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZFeature, ZRemoveOrganizationFeatureParams } from "@/lib/api/features";
import { organizationFeatures } from "../db/schema";
import { notFound } from "../errors";
import { loadFeatures } from "../organizations/features";
import { defineActivity } from "./define";

/** remove_organization_feature: turn a feature off; removing one that is not set is a 404 naming it. */
export const removeOrganizationFeature = defineActivity({
  path: "remove_organization_feature",
  type: ACTIVITY_TYPES.remove_organization_feature,
  resource: "ORGANIZATION",
  action: "UPDATE",
  intentKey: "removeOrganizationFeatureIntent",
  resultKey: "removeOrganizationFeatureResult",
  describe: (p) => `Turn off ${p.name}`,
  summary: "Remove an organization feature (root quorum only)",
  rootQuorumOnly: true,
  params: ZRemoveOrganizationFeatureParams,
  result: z.object({ features: z.array(ZFeature) }),
  async execute({ tx, organization }, params) {
    const removed = await tx
      .delete(organizationFeatures)
      .where(
        and(
          eq(organizationFeatures.organizationId, organization.id),
          eq(organizationFeatures.name, params.name),
        ),
      )
      .returning({ name: organizationFeatures.name });
    if (removed.length === 0) throw notFound("organization feature", params.name);
    return { features: await loadFeatures(tx, organization.id) };
  },
});
