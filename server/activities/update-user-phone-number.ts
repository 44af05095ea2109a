import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZUpdateUserPhoneNumberParams } from "@/lib/api/users";
import { updateUserRow } from "../users/update";
import { defineActivity } from "./define";

export const updateUserPhoneNumber = defineActivity({
  path: "update_user_phone_number",
  type: ACTIVITY_TYPES.update_user_phone_number,
  resource: "USER",
  action: "UPDATE",
  intentKey: "updateUserPhoneNumberIntent",
  resultKey: "updateUserPhoneNumberResult",
  summary: "Set a user's phone number (E.164) or remove it with an empty string",
  params: ZUpdateUserPhoneNumberParams,
  result: z.object({ userId: z.string() }),
  execute: ({ tx, organization, now }, params) =>
    updateUserRow(tx, organization.id, params.userId, { phoneNumber: params.userPhoneNumber || null }, now),
});
