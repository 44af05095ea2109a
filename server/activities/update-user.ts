import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZUpdateUserParams } from "@/lib/api/users";
import { requireTags } from "../tags/find";
import { USER_TAGS } from "../tags/kinds";
import { updateUserRow } from "../users/update";
import { defineActivity } from "./define";
import { nameList } from "./summary-text";

const emptyToNull = (value: string | undefined) =>
  value === undefined ? undefined : value === "" ? null : value;

export const updateUser = defineActivity({
  path: "update_user",
  type: ACTIVITY_TYPES.update_user,
  resource: "USER",
  action: "UPDATE",
  intentKey: "updateUserIntent",
  resultKey: "updateUserResult",
  summary: "Update a user's name, email, phone number or tags (an empty string removes email or phone)",
  describe: (p, n) =>
    `Update user ${n.user(p.userId)}: ${nameList([p.userName !== undefined && `name to ${p.userName}`, p.userEmail !== undefined && `e-mail to ${p.userEmail || "none"}`, p.userPhoneNumber !== undefined && `phone to ${p.userPhoneNumber || "none"}`, p.userTagIds !== undefined && `tags to ${nameList(p.userTagIds.map(n.tag))}`].filter((c): c is string => Boolean(c)))}`,
  params: ZUpdateUserParams,
  result: z.object({ userId: z.string() }),
  async execute({ tx, organization, now }, params) {
    if (params.userTagIds)
      await requireTags(tx, organization.id, USER_TAGS, params.userTagIds, "parameters.userTagIds");
    return updateUserRow(
      tx,
      organization.id,
      params.userId,
      {
        name: params.userName,
        email: emptyToNull(params.userEmail),
        phoneNumber: emptyToNull(params.userPhoneNumber),
        tagIds: params.userTagIds,
      },
      now,
    );
  },
});
