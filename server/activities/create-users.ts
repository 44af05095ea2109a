import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZCreateUsersParams } from "@/lib/api/users";
import { insertUsers } from "../users/create";
import { defineActivity } from "./define";

export const createUsers = defineActivity({
  path: "create_users",
  type: ACTIVITY_TYPES.create_users,
  resource: "USER",
  action: "CREATE",
  alsoAccepts: ["ACTIVITY_TYPE_CREATE_USERS_V3"],
  intentKey: "createUsersIntentV4",
  resultKey: "createUsersResult",
  summary: "Create users, with their API keys and passkeys, in the organization",
  params: ZCreateUsersParams,
  result: z.object({ userIds: z.array(z.string()) }),
  async execute({ app, tx, organization, now }, params) {
    return { userIds: await insertUsers(app, tx, organization.id, params.users, now) };
  },
});
