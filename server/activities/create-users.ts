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
  // Users without credentials of their own are new rows only (new ids, no unique key; the FK checks
  // share-lock the organization, as every activity does), so nothing they lock can be held before
  // this body's fingerprint by the same body on the path that records first. An API key takes its
  // public key's lock (credentials/api-keys.ts), a passkey consumes its registration challenge and
  // an OAuth identity takes a unique key: taken before the fingerprint here and after it on the other
  // path, two sends of one body could deadlock (a review reproduced it with a unique key on API
  // keys), so those record first. create-users-folded.test.ts fails if users gets a unique index.
  recordedAfterExecution: (params) =>
    params.users.every(
      (u) => u.apiKeys.length === 0 && u.authenticators.length === 0 && u.oauthProviders.length === 0,
    ),
  async beforeTransaction(app, params) {
    await verifyUsersIdentities(app, params.users, "parameters.users");
  },
  async execute({ app, tx, organization, now, submittedAt, endsWithAppend }, params) {
    const issuer = {
      organizationId: organization.id,
      now,
      submittedAt,
      require: app.config.requireRegistrationChallenge,
    };
    return {
      userIds: await insertUsers(app, tx, organization.id, params.users, issuer, undefined, endsWithAppend),
    };
  },
});
