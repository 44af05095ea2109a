import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZUpdateUserTagParams } from "@/lib/api/tags";
import { USER_TAGS } from "../tags/kinds";
import { updateTag } from "../tags/operations";
import { defineActivity } from "./define";
import { tagChange } from "./summary-text";

export const updateUserTag = defineActivity({
  path: "update_user_tag",
  type: ACTIVITY_TYPES.update_user_tag,
  resource: "USER",
  action: "UPDATE",
  intentKey: "updateUserTagIntent",
  resultKey: "updateUserTagResult",
  summary: "Rename a user tag, and attach it to or detach it from users",
  describe: (p, n) =>
    tagChange(n.tag(p.userTagId), p.newUserTagName, p.addUserIds.map(n.user), p.removeUserIds.map(n.user)),
  params: ZUpdateUserTagParams,
  result: z.object({ userTagId: z.string() }),
  async execute({ tx, organization, now }, params) {
    const updated = await updateTag(
      tx,
      organization.id,
      USER_TAGS,
      {
        tagId: params.userTagId,
        newName: params.newUserTagName,
        addIds: params.addUserIds,
        removeIds: params.removeUserIds,
      },
      now,
    );
    return { userTagId: updated.tagId };
  },
});
