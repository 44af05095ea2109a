import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZOauthLoginParams } from "@/lib/api/oauth";
import { normalizeApiPublicKey } from "../credentials/public-keys";
import { userForOidcToken } from "../oidc/login-user";
import { verifyOidcToken } from "../oidc/verify";
import { textParam } from "../policy/context/params";
import { startLoginSession } from "../sessions/login-session";
import { defineActivity } from "./define";

/**
 * Log in with an OIDC ID token ("Sign in with Google"): the token, verified against its issuer's
 * published keys and bound by its nonce to `publicKey`, names a linked identity; that user gets a
 * read-write session for `publicKey`, issued exactly as otp_login issues one.
 */
export const oauthLogin = defineActivity({
  path: "oauth_login",
  type: ACTIVITY_TYPES.oauth_login,
  resource: "AUTH",
  action: "CREATE",
  policyParams: [textParam("session_profile_id", "sessionProfileId")],
  intentKey: "oauthLoginIntent",
  resultKey: "oauthLoginResult",
  describe: () => "Log in with an OIDC identity (social login) and start a session",
  summary: "Start a read-write session for the user linked to a verified OIDC token's identity",
  params: ZOauthLoginParams,
  result: z.object({ session: z.string() }),
  parentMayAct: true,
  // The token is the proof; the relaying credential needs no approval.
  selfService: () => true,
  // Fetching the issuer's keys happens here, outside the transaction; execute then hits the cache.
  async beforeTransaction(app, params) {
    await verifyOidcToken(app, params.oidcToken, {
      field: "parameters.oidcToken",
      nonceFor: params.publicKey,
    });
  },
  async execute({ app, tx, organization, now }, params) {
    const publicKey = normalizeApiPublicKey("API_KEY_CURVE_P256", params.publicKey, "parameters.publicKey");
    const user = await userForOidcToken(app, tx, organization.id, params.oidcToken, params.publicKey);
    const session = await startLoginSession(app, tx, {
      organization,
      userId: user.id,
      publicKey,
      expirationSeconds: params.expirationSeconds,
      invalidateExisting: params.invalidateExisting,
      sessionProfileId: params.sessionProfileId,
      name: `OAuth login ${now.toISOString()}`,
      loginMethod: "AUTHENTICATION_TYPE_OAUTH",
      now,
    });
    return { session };
  },
});
