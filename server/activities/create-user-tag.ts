import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZCreateUserTagParams } from "@/lib/api/tags";
import { USER_TAGS } from "../tags/kinds";
import { createTag } from "../tags/operations";
import { defineActivity } from "./define";

export const createUserTag = defineActivity({
  path: "create_user_tag",
  type: ACTIVITY_TYPES.create_user_tag,
  resource: "USER",
  action: "CREATE",
  intentKey: "createUserTagIntent",
  resultKey: "createUserTagResult",
  summary: "Create a user tag (names are unique in the organization) and attach it to users",
  params: ZCreateUserTagParams,
  result: z.object({ userTagId: z.string(), userIds: z.array(z.string()) }),
  async execute({ tx, organization, now }, params) {
    const created = await createTag(
      tx,
      organization.id,
      USER_TAGS,
      { name: params.userTagName, targetIds: params.userIds },
      now,
    );
    return { userTagId: created.tagId, userIds: created.targetIds };
  },
});
