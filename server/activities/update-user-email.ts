import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZUpdateUserEmailParams } from "@/lib/api/users";
import { updateUserRow } from "../users/update";
import { defineActivity } from "./define";

export const updateUserEmail = defineActivity({
  path: "update_user_email",
  type: ACTIVITY_TYPES.update_user_email,
  resource: "USER",
  action: "UPDATE",
  intentKey: "updateUserEmailIntent",
  resultKey: "updateUserEmailResult",
  summary: "Set or remove (empty string) a user's email address",
  params: ZUpdateUserEmailParams,
  result: z.object({ userId: z.string() }),
  execute: ({ tx, organization, now }, params) =>
    updateUserRow(tx, organization.id, params.userId, { email: params.userEmail || null }, now),
});
