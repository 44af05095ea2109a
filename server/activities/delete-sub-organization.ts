import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { ZDeleteSubOrganizationParams } from "@/lib/api/organizations";
import { ApiError } from "../api/errors";
import { apiKeys, authenticators, organizations } from "../db/schema";
import { defineActivity } from "./define";

export const deleteSubOrganization = defineActivity({
  path: "delete_sub_organization",
  type: "ACTIVITY_TYPE_DELETE_SUB_ORGANIZATION",
  intentKey: "deleteSubOrganizationIntent",
  resultKey: "deleteSubOrganizationResult",
  summary: "Delete this sub-organization (submitted by its own root quorum); its activities are kept",
  params: ZDeleteSubOrganizationParams,
  result: z.object({ subOrganizationUuid: z.string() }),
  async execute({ tx, organization, now }) {
    if (!organization.parentOrganizationId) {
      throw new ApiError(
        "FAILED_PRECONDITION",
        "NOT_A_SUB_ORGANIZATION",
        `organization ${organization.id} is a root organization; only sub-organizations can be deleted`,
      );
    }
    const [child] = await tx
      .select({ id: organizations.id })
      .from(organizations)
      .where(and(eq(organizations.parentOrganizationId, organization.id), isNull(organizations.deletedAt)));
    if (child) {
      throw new ApiError(
        "FAILED_PRECONDITION",
        "HAS_SUB_ORGANIZATIONS",
        `organization ${organization.id} still has sub-organizations (e.g. ${child.id}); delete them first`,
      );
    }
    // Credentials go at once so nothing can act on a deleted organization; rows that name it stay.
    await tx.delete(apiKeys).where(eq(apiKeys.organizationId, organization.id));
    await tx.delete(authenticators).where(eq(authenticators.organizationId, organization.id));
    await tx
      .update(organizations)
      .set({ deletedAt: now, updatedAt: now })
      .where(eq(organizations.id, organization.id));
    return { subOrganizationUuid: organization.id };
  },
});
