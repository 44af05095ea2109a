import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZRecoverUserParams } from "@/lib/api/email-credentials";
import { insertAuthenticators, verifyPasskeyRegistration } from "../credentials/authenticators";
import { settlePossession } from "../credentials/settle-possession";
import { apiKeys } from "../db/schema";
import { notFound } from "../errors";
import { findUser } from "../users/find";
import { defineActivity } from "./define";

const RECOVERY_KEY = "CREDENTIAL_TYPE_RECOVER_USER_KEY_P256";

/**
 * E-mail recovery, second half: the user's new passkey, stamped by the recovery key the mail
 * carried. The recovery key is spent by it (deleted in the same transaction), so a mail recovers once.
 */
export const recoverUser = defineActivity({
  path: "recover_user",
  type: ACTIVITY_TYPES.recover_user,
  resource: "RECOVERY",
  action: "UPDATE",
  intentKey: "recoverUserIntent",
  resultKey: "recoverUserResult",
  describe: (p, n) => `Recover ${n.user(p.userId)} with a new passkey: ${p.authenticator.authenticatorName}`,
  summary: "Register a new passkey for a user with the recovery key e-mailed by init_user_email_recovery",
  params: ZRecoverUserParams,
  result: z.object({ authenticatorId: z.array(z.string()) }),
  // Your own passkey, like create_authenticators for yourself.
  selfService: (params, caller) => params.userId === caller.user.id,
  async execute({ app, tx, organization, caller, now, submittedAt }, params) {
    if (!(await findUser(tx, organization.id, params.userId))) throw notFound("user", params.userId);
    const passkey = await verifyPasskeyRegistration(
      app.config,
      params.authenticator,
      "parameters.authenticator",
    );
    await settlePossession(tx, [{ userId: params.userId, passkey }], {
      organizationId: organization.id,
      now,
      submittedAt,
      require: app.config.requireRegistrationChallenge,
    });
    const authenticatorId = await insertAuthenticators(tx, organization.id, params.userId, [passkey], now);
    if (caller.credential.type === RECOVERY_KEY) {
      await tx
        .delete(apiKeys)
        .where(and(eq(apiKeys.id, caller.credential.id), eq(apiKeys.userId, caller.user.id)));
    }
    return { authenticatorId };
  },
});
