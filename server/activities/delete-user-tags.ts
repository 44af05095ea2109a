import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZDeleteUserTagsParams } from "@/lib/api/tags";
import { USER_TAGS } from "../tags/kinds";
import { deleteTags } from "../tags/operations";
import { defineActivity } from "./define";
import { counted } from "./summary-text";

export const deleteUserTags = defineActivity({
  path: "delete_user_tags",
  type: ACTIVITY_TYPES.delete_user_tags,
  resource: "USER",
  action: "DELETE",
  intentKey: "deleteUserTagsIntent",
  resultKey: "deleteUserTagsResult",
  summary: "Delete user tags and take them off every user carrying them",
  describe: (p, n) => counted("Delete", "user tag", p.userTagIds.map(n.tag)),
  params: ZDeleteUserTagsParams,
  result: z.object({ userTagIds: z.array(z.string()), userIds: z.array(z.string()) }),
  async execute({ tx, organization, now }, params) {
    const deleted = await deleteTags(tx, organization.id, USER_TAGS, params.userTagIds, now);
    return { userTagIds: deleted.tagIds, userIds: deleted.targetIds };
  },
});
