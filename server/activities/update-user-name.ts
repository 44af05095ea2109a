import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZUpdateUserNameParams } from "@/lib/api/users";
import { updateUserRow } from "../users/update";
import { defineActivity } from "./define";

export const updateUserName = defineActivity({
  path: "update_user_name",
  type: ACTIVITY_TYPES.update_user_name,
  resource: "USER",
  action: "UPDATE",
  intentKey: "updateUserNameIntent",
  resultKey: "updateUserNameResult",
  summary: "Rename a user",
  describe: (p, n) => `Rename user ${n.user(p.userId)} to ${p.userName}`,
  params: ZUpdateUserNameParams,
  result: z.object({ userId: z.string() }),
  execute: ({ tx, organization, now }, params) =>
    updateUserRow(tx, organization.id, params.userId, { name: params.userName }, now),
});
