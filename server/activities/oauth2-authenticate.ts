import { p256 } from "@noble/curves/nist.js";
import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZOauth2AuthenticateParams } from "@/lib/api/oauth2";
import { encryptCredentialBundle } from "../crypto/credential-bundle";
import { isP256Point } from "../crypto/p256-point";
import { invalid } from "../errors";
import type { Oauth2Provider } from "../oidc/config";
import { issuerOfProvider, oauth2CredentialById } from "../oidc/oauth2-credentials";
import { exchangeAuthorizationCode } from "../oidc/oauth2-exchange";
import { verifyOidcToken } from "../oidc/verify";
import { withOauth2ClientSecret } from "../signer/oauth2-secrets";
import { defineActivity } from "./define";

const FIELD = "parameters.bearerTokenTargetPublicKey";

/**
 * The OAuth 2.0 code exchange done for the client, which holds no client secret: the authorization
 * code and PKCE verifier go to the provider's issuer's token endpoint (discovery document) with the
 * credential's client id and sealed secret; the ID token it answers is verified like a login's
 * (allowed issuer, signature, times, audience = the client id, nonce = the intent's) and returned,
 * encrypted to bearerTokenTargetPublicKey when given (a credential bundle: decryptCredentialBundle
 * opens it to the token's UTF-8 bytes, hex). A refused code, verifier or issuer writes nothing.
 */
export const oauth2Authenticate = defineActivity({
  path: "oauth2_authenticate",
  type: ACTIVITY_TYPES.oauth2_authenticate,
  resource: "AUTH",
  action: "CREATE",
  intentKey: "oauth2AuthenticateIntent",
  resultKey: "oauth2AuthenticateResult",
  describe: (p) => `Exchange an OAuth 2.0 authorization code with credential ${p.oauth2CredentialId}`,
  summary:
    "Exchange an authorization code + PKCE verifier at the provider's token endpoint with a stored " +
    "OAuth 2.0 credential; returns the verified OIDC token (encrypted to bearerTokenTargetPublicKey if given)",
  params: ZOauth2AuthenticateParams,
  result: z.object({ oidcToken: z.string() }),
  // The authorization code is the proof; whoever relays it needs no approval.
  selfService: () => true,
  async execute({ app, tx, organization }, params) {
    const target = params.bearerTokenTargetPublicKey;
    if (target !== undefined && !isP256Point(target)) throw invalid("must be a point on P-256", FIELD);
    const row = await oauth2CredentialById(tx, organization.id, params.oauth2CredentialId);
    const issuer = issuerOfProvider(app, row.provider as Oauth2Provider);
    const idToken = await withOauth2ClientSecret(tx, app.keyring, organization.id, row.id, (clientSecret) =>
      exchangeAuthorizationCode({
        issuer,
        clientId: row.clientId,
        clientSecret,
        code: params.authCode,
        redirectUri: params.redirectUri,
        codeVerifier: params.codeVerifier,
      }),
    );
    const identity = await verifyOidcToken(app, idToken, { field: "oidcToken", nonce: params.nonce });
    if (identity.issuer !== issuer || identity.audience !== row.clientId) {
      throw invalid(
        `issuer ${issuer} answered a token for ${identity.audience} of ${identity.issuer}, not client ${row.clientId}`,
      );
    }
    if (target === undefined) return { oidcToken: idToken };
    const point = p256.Point.fromHex(target).toBytes(false);
    return { oidcToken: encryptCredentialBundle(point, Buffer.from(idToken, "utf8")) };
  },
});
