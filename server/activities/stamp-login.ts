import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZStampLoginParams } from "@/lib/api/sessions";
import { normalizeApiPublicKey } from "../credentials/public-keys";
import { invalid } from "../errors";
import { textParam } from "../policy/context/params";
import { issueSessionJwt } from "../sessions/jwt";
import { insertSessionKey, sessionSeconds } from "../sessions/session-keys";
import { defineActivity } from "./define";

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
  params: ZStampLoginParams,
  result: z.object({ session: z.string() }),
  // Logging yourself in needs no one's approval.
  selfService: () => true,
  async execute({ app, tx, organization, caller, now }, params) {
    if (params.sessionProfileId) {
      throw invalid(
        "session profiles are not supported; omit sessionProfileId",
        "parameters.sessionProfileId",
      );
    }
    const publicKey = normalizeApiPublicKey("API_KEY_CURVE_P256", params.publicKey, "parameters.publicKey");
    const seconds = sessionSeconds(params.expirationSeconds, app.config.sessionSeconds);
    const { expiresAt } = await insertSessionKey(tx, {
      organizationId: organization.id,
      userId: caller.user.id,
      publicKey,
      seconds,
      invalidateExisting: params.invalidateExisting,
      now,
    });
    const session = issueSessionJwt(app.serverKey, {
      exp: Math.floor(expiresAt.getTime() / 1000),
      public_key: publicKey,
      session_type: "SESSION_TYPE_READ_WRITE",
      user_id: caller.user.id,
      organization_id: organization.id,
    });
    return { session };
  },
});
