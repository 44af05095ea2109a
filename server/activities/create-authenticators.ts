import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZCreateAuthenticatorsParams } from "@/lib/api/credentials";
import { insertAuthenticators, verifyPasskeyRegistration } from "../credentials/authenticators";
import { notFound } from "../errors";
import { findUser } from "../users/find";
import { defineActivity } from "./define";

export const createAuthenticators = defineActivity({
  path: "create_authenticators",
  type: ACTIVITY_TYPES.create_authenticators,
  resource: "CREDENTIAL",
  action: "CREATE",
  intentKey: "createAuthenticatorsIntentV2",
  resultKey: "createAuthenticatorsResult",
  summary: "Register passkeys for a user",
  params: ZCreateAuthenticatorsParams,
  result: z.object({ authenticatorIds: z.array(z.string()) }),
  selfService: (params, caller) => params.userId === caller.user.id,
  async execute({ app, tx, organization, now }, params) {
    if (!(await findUser(tx, organization.id, params.userId))) throw notFound("user", params.userId);
    const passkeys = await Promise.all(
      params.authenticators.map((a, i) =>
        verifyPasskeyRegistration(app.config, a, `parameters.authenticators[${i}]`),
      ),
    );
    return {
      authenticatorIds: await insertAuthenticators(tx, organization.id, params.userId, passkeys, now),
    };
  },
});
