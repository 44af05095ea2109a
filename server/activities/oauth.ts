import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZOauthParams } from "@/lib/api/oauth";
import { isP256Point } from "../crypto/p256-point";
import { invalid } from "../errors";
import { userForOidcToken } from "../oidc/login-user";
import { verifyOidcToken } from "../oidc/verify";
import { issueCredentialKey } from "../sessions/credential-key";
import { sessionSeconds } from "../sessions/session-keys";
import { defineActivity } from "./define";

/**
 * The older social login: a verified OIDC token (nonce bound to `targetPublicKey`) gives its linked
 * user a new expiring API key, returned as a credential bundle encrypted to targetPublicKey, as
 * otp_auth does for a one-time code.
 */
export const oauth = defineActivity({
  path: "oauth",
  type: ACTIVITY_TYPES.oauth,
  resource: "AUTH",
  action: "CREATE",
  intentKey: "oauthIntent",
  resultKey: "oauthResult",
  describe: () => "Exchange an OIDC identity (social login) for a new sign-in key",
  summary: "Verify an OIDC token; returns a new API key of its linked user encrypted to targetPublicKey",
  params: ZOauthParams,
  result: z.object({ userId: z.string(), apiKeyId: z.string(), credentialBundle: z.string() }),
  parentMayAct: true,
  // The token is the proof; whoever relays it needs no approval.
  selfService: () => true,
  async beforeTransaction(app, params) {
    if (!isP256Point(params.targetPublicKey)) {
      throw invalid("targetPublicKey must be a point on P-256", "parameters.targetPublicKey");
    }
    await verifyOidcToken(app, params.oidcToken, {
      field: "parameters.oidcToken",
      nonceFor: params.targetPublicKey,
    });
  },
  async execute({ app, tx, organization, now }, params) {
    const user = await userForOidcToken(app, tx, organization.id, params.oidcToken, params.targetPublicKey);
    const { apiKeyId, credentialBundle } = await issueCredentialKey(tx, {
      organizationId: organization.id,
      userId: user.id,
      credentialType: "CREDENTIAL_TYPE_OAUTH_KEY_P256",
      targetPublicKey: params.targetPublicKey,
      seconds: sessionSeconds(params.expirationSeconds, app.config.sessionSeconds),
      name: params.apiKeyName ?? `Oauth - ${now.toISOString()}`,
      invalidateExisting: params.invalidateExisting,
      now,
    });
    return { userId: user.id, apiKeyId, credentialBundle };
  },
});
