import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZCreateUserTagParams } from "@/lib/api/tags";
import { USER_TAGS } from "../tags/kinds";
import { createTag } from "../tags/operations";
import { defineActivity } from "./define";
import { count, nameList } from "./summary-text";

export const createUserTag = defineActivity({
  path: "create_user_tag",
  type: ACTIVITY_TYPES.create_user_tag,
  resource: "USER",
  action: "CREATE",
  intentKey: "createUserTagIntent",
  resultKey: "createUserTagResult",
  summary: "Create a user tag (names are unique in the organization) and attach it to users",
  describe: (p, n) =>
    `Create user tag ${p.userTagName} on ${count(p.userIds.length, "user")}${p.userIds.length ? `: ${nameList(p.userIds.map(n.user))}` : ""}`,
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
