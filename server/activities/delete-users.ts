import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZDeleteUsersParams } from "@/lib/api/users";
import { apiKeys, authenticators, users } from "../db/schema";
import { ApiError, notFound } from "../errors";
import { textsParam } from "../policy/context/params";
import { liveUserIds } from "../users/find";
import { defineActivity } from "./define";
import { counted } from "./summary-text";

export const deleteUsers = defineActivity({
  path: "delete_users",
  type: ACTIVITY_TYPES.delete_users,
  resource: "USER",
  action: "DELETE",
  policyParams: [textsParam("user_ids", "userIds")],
  intentKey: "deleteUsersIntent",
  resultKey: "deleteUsersResult",
  summary: "Delete users and every credential they hold",
  describe: (p, n) => counted("Delete", "user", p.userIds.map(n.user)),
  params: ZDeleteUsersParams,
  result: z.object({ userIds: z.array(z.string()) }),
  async execute({ tx, organization, now }, params) {
    const ids = [...new Set(params.userIds)];
    const live = await liveUserIds(tx, organization.id, ids);
    for (const id of ids) {
      if (!live.has(id)) throw notFound("user", id);
      if (organization.rootUserIds.includes(id)) {
        throw new ApiError(
          "FAILED_PRECONDITION",
          "ROOT_USER_DELETE",
          `user ${id} is in the root quorum; remove it with update_root_quorum before deleting it`,
        );
      }
    }
    // Credentials go at once; the user row stays, marked deleted, so the audit trail can still name it.
    await tx
      .delete(apiKeys)
      .where(and(eq(apiKeys.organizationId, organization.id), inArray(apiKeys.userId, ids)));
    await tx
      .delete(authenticators)
      .where(and(eq(authenticators.organizationId, organization.id), inArray(authenticators.userId, ids)));
    await tx
      .update(users)
      .set({ deletedAt: now, updatedAt: now })
      .where(and(eq(users.organizationId, organization.id), inArray(users.id, ids)));
    return { userIds: ids };
  },
});
