import { eq } from "drizzle-orm";
import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZUpdateRootQuorumParams } from "@/lib/api/organizations";
import { organizations } from "../db/schema";
import { invalid, notFound } from "../errors";
import { findUser } from "../users/find";
import { defineActivity } from "./define";
import { nameList } from "./summary-text";

export const updateRootQuorum = defineActivity({
  path: "update_root_quorum",
  type: ACTIVITY_TYPES.update_root_quorum,
  resource: "ORGANIZATION",
  action: "UPDATE",
  intentKey: "updateRootQuorumIntent",
  resultKey: "updateRootQuorumResult",
  summary: "Set the root quorum's members and threshold (approved by the current root quorum)",
  rootQuorumOnly: true,
  describe: (p, n) => `Update root quorum to ${p.threshold} of ${nameList(p.userIds.map(n.user))}`,
  params: ZUpdateRootQuorumParams,
  result: z.object({}),
  async execute({ tx, organization, now }, params) {
    const userIds = [...new Set(params.userIds)];
    for (const id of userIds) {
      if (!(await findUser(tx, organization.id, id))) throw notFound("user", id);
    }
    if (params.threshold > userIds.length) {
      throw invalid(
        `parameters.threshold (${params.threshold}) cannot exceed the number of root users (${userIds.length})`,
        "parameters.threshold",
      );
    }
    await tx
      .update(organizations)
      .set({ rootUserIds: userIds, rootQuorumThreshold: params.threshold, updatedAt: now })
      .where(eq(organizations.id, organization.id));
    return {};
  },
});
