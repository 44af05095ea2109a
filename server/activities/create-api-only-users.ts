import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZCreateApiOnlyUsersParams } from "@/lib/api/api-only-users";
import { insertUsers } from "../users/create";
import { defineActivity } from "./define";

/** Users with API keys only (no passkeys, no OAuth): create_users with the reference's narrower shape. */
export const createApiOnlyUsers = defineActivity({
  path: "create_api_only_users",
  type: ACTIVITY_TYPES.create_api_only_users,
  resource: "USER",
  action: "CREATE",
  intentKey: "createApiOnlyUsersIntent",
  resultKey: "createApiOnlyUsersResult",
  describe: (p) =>
    `Create ${p.apiOnlyUsers.length === 1 ? "1 API-only user" : `${p.apiOnlyUsers.length} API-only users`}: ${p.apiOnlyUsers.map((u) => u.userName).join(", ")}`,
  summary: "Create users who act only through API keys",
  params: ZCreateApiOnlyUsersParams,
  result: z.object({ userIds: z.array(z.string()) }),
  async execute({ app, tx, organization, now, submittedAt }, params) {
    const users = params.apiOnlyUsers.map((user) => ({
      userName: user.userName,
      userEmail: user.userEmail,
      userTags: user.userTags,
      apiKeys: user.apiKeys.map((key) => ({
        ...key,
        curveType: key.curveType ?? ("API_KEY_CURVE_P256" as const),
      })),
      authenticators: [],
      oauthProviders: [],
    }));
    const issuer = { organizationId: organization.id, now, submittedAt, require: false };
    return { userIds: await insertUsers(app, tx, organization.id, users, issuer, "parameters.apiOnlyUsers") };
  },
});
