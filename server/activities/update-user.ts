import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZUpdateUserParams } from "@/lib/api/users";
import { requireTags } from "../tags/find";
import { USER_TAGS } from "../tags/kinds";
import { updateUserRow } from "../users/update";
import { defineActivity } from "./define";

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
