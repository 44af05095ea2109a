import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZFeature, ZSetOrganizationFeatureParams } from "@/lib/api/features";
import { organizationFeatures } from "../db/schema";
import { loadFeatures } from "../organizations/features";
import { defineActivity } from "./define";

/** set_organization_feature: turn a feature on (or replace its value); Earn waits for FEATURE_NAME_EARN_CONFIG. */
export const setOrganizationFeature = defineActivity({
  path: "set_organization_feature",
  type: ACTIVITY_TYPES.set_organization_feature,
  resource: "ORGANIZATION",
  action: "UPDATE",
  intentKey: "setOrganizationFeatureIntent",
  resultKey: "setOrganizationFeatureResult",
  describe: (p) => `Turn on ${p.name}${p.value ? ` (${p.value})` : ""}`,
  summary: "Set an organization feature, such as FEATURE_NAME_EARN_CONFIG (root quorum only)",
  rootQuorumOnly: true,
  params: ZSetOrganizationFeatureParams,
  result: z.object({ features: z.array(ZFeature) }),
  async execute({ tx, organization, now }, params) {
    await tx
      .insert(organizationFeatures)
      .values({
        organizationId: organization.id,
        name: params.name,
        value: params.value,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [organizationFeatures.organizationId, organizationFeatures.name],
        set: { value: params.value, updatedAt: now },
      });
    return { features: await loadFeatures(tx, organization.id) };
  },
});
