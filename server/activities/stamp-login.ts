import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZStampLoginParams } from "@/lib/api/sessions";
import { normalizeApiPublicKey } from "../credentials/public-keys";
import { textParam } from "../policy/context/params";
import { issueSessionJwt } from "../sessions/jwt";
import { profileForLogin, sessionUnderProfile } from "../sessions/profiles";
import { insertSessionKey, sessionSeconds } from "../sessions/session-keys";
import { defineActivity } from "./define";
import { shorten } from "./summary-text";

/**
 * Log in with whatever credential stamped the request (typically a passkey): the public key the
 * client generated becomes a read-write session key of the caller until the session expires.
 */
export const stampLogin = defineActivity({
  path: "stamp_login",
  type: ACTIVITY_TYPES.stamp_login,
  resource: "AUTH",
  action: "CREATE",
  policyParams: [textParam("session_profile_id", "sessionProfileId")],
  intentKey: "stampLoginIntent",
  resultKey: "stampLoginResult",
  summary: "Start a read-write session for the caller, bound to a client-held P-256 key",
  describe: (p) => `Sign in with session key ${shorten(p.publicKey)}`,
  params: ZStampLoginParams,
  result: z.object({ session: z.string() }),
  // Logging yourself in needs no one's approval.
  selfService: () => true,
  async execute({ app, tx, organization, caller, now }, params) {
    const publicKey = normalizeApiPublicKey("API_KEY_CURVE_P256", params.publicKey, "parameters.publicKey");
    const profile = params.sessionProfileId
      ? await profileForLogin(tx, organization, params.sessionProfileId)
      : undefined;
    const under = sessionUnderProfile(
      profile,
      sessionSeconds(params.expirationSeconds, app.config.sessionSeconds),
    );
    const { expiresAt } = await insertSessionKey(tx, {
      organizationId: organization.id,
      userId: caller.user.id,
      publicKey,
      seconds: under.seconds,
      sessionProfileId: under.sessionProfileId,
      invalidateExisting: params.invalidateExisting,
      now,
    });
    const session = issueSessionJwt(app.serverKey, {
      exp: Math.floor(expiresAt.getTime() / 1000),
      public_key: publicKey,
      session_type: under.sessionType,
      user_id: caller.user.id,
      organization_id: organization.id,
    });
    return { session };
  },
});
