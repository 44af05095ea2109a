import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZCreateUsersParams } from "@/lib/api/users";
import { verifyUsersIdentities } from "../oidc/provider-params";
import { insertUsers } from "../users/create";
import { defineActivity } from "./define";
import { counted } from "./summary-text";

export const createUsers = defineActivity({
  path: "create_users",
  type: ACTIVITY_TYPES.create_users,
  resource: "USER",
  action: "CREATE",
  alsoAccepts: ["ACTIVITY_TYPE_CREATE_USERS_V3"],
  intentKey: "createUsersIntentV4",
  resultKey: "createUsersResult",
  summary: "Create users, with their API keys and passkeys, in the organization",
  describe: (p) =>
    counted(
      "Create",
      "user",
      p.users.map((u) => u.userName),
    ),
  params: ZCreateUsersParams,
  result: z.object({ userIds: z.array(z.string()) }),
  needsBeforeTransaction: (params) => params.users.some((u) => u.oauthProviders.length > 0),
  // Users with API keys only are new rows (new ids, no unique key; the FK checks share-lock the
  // organization, as every activity does). A passkey consumes its registration challenge (a row
  // lock) and an OAuth identity takes a unique key: those are recorded first (submit-folded.ts).
  // This rests on users and api_keys having no unique index but their primary keys: a unique
  // (organization, public key) would be taken before the fingerprint here and after it on the
  // other path, and the two could deadlock on one body (a review reproduced it with such an index).
  // create-users-folded.test.ts fails if one appears.
  recordedAfterExecution: (params) =>
    params.users.every((u) => u.authenticators.length === 0 && u.oauthProviders.length === 0),
  async beforeTransaction(app, params) {
    await verifyUsersIdentities(app, params.users, "parameters.users");
  },
  async execute({ app, tx, organization, now, submittedAt }, params) {
    const issuer = {
      organizationId: organization.id,
      now,
      submittedAt,
      require: app.config.requireRegistrationChallenge,
    };
    return { userIds: await insertUsers(app, tx, organization.id, params.users, issuer) };
  },
});
