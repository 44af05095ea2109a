import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZCreateAuthenticatorsParams } from "@/lib/api/credentials";
import { insertAuthenticators, verifyPasskeyRegistration } from "../credentials/authenticators";
import { settlePossession } from "../credentials/settle-possession";
import { notFound } from "../errors";
import { findUser } from "../users/find";
import { defineActivity } from "./define";
import { count, nameList } from "./summary-text";

export const createAuthenticators = defineActivity({
  path: "create_authenticators",
  type: ACTIVITY_TYPES.create_authenticators,
  resource: "CREDENTIAL",
  action: "CREATE",
  intentKey: "createAuthenticatorsIntentV2",
  resultKey: "createAuthenticatorsResult",
  summary: "Register passkeys for a user",
  describe: (p, n) =>
    `Add ${count(p.authenticators.length, "passkey")} for ${n.user(p.userId)}: ${nameList(p.authenticators.map((a) => a.authenticatorName))}`,
  params: ZCreateAuthenticatorsParams,
  result: z.object({ authenticatorIds: z.array(z.string()) }),
  selfService: (params, caller) => params.userId === caller.user.id,
  async execute({ app, tx, organization, now, submittedAt }, params) {
    if (!(await findUser(tx, organization.id, params.userId))) throw notFound("user", params.userId);
    const passkeys = await Promise.all(
      params.authenticators.map((a, i) =>
        verifyPasskeyRegistration(app.config, a, `parameters.authenticators[${i}]`),
      ),
    );
    await settlePossession(
      tx,
      passkeys.map((passkey) => ({ userId: params.userId, passkey })),
      { organizationId: organization.id, now, submittedAt, require: app.config.requireRegistrationChallenge },
    );
    return {
      authenticatorIds: await insertAuthenticators(tx, organization.id, params.userId, passkeys, now),
    };
  },
});
