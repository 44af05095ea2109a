import type { z } from "zod";
import type { ZOauthProviderParams } from "@/lib/api/credentials";
import type { AppContext } from "../context";
import { ApiError, invalid } from "../errors";
import { type OidcIdentity, verifyOidcToken } from "./verify";

type ProviderParams = z.infer<typeof ZOauthProviderParams>;

/**
 * Who each provider entry (create_oauth_providers, and the users of create_users and
 * create_sub_organization) names, with the name it is linked under: a token is verified for real
 * (no nonce: linking starts no session); claims stated outright must still name an allowed issuer,
 * since a link to an issuer this installation never accepts could never be used.
 */
export async function identitiesOf(
  app: AppContext,
  providers: ProviderParams[],
  field: string,
): Promise<(OidcIdentity & { name: string })[]> {
  return Promise.all(
    providers.map(async (p, i) => {
      const at = `${field}[${i}]`;
      if (p.oidcToken && p.oidcClaims) {
        throw invalid(`${at} must carry oidcToken or oidcClaims, not both`, at);
      }
      if (p.oidcToken) {
        const identity = await verifyOidcToken(app, p.oidcToken, { field: `${at}.oidcToken` });
        return { ...identity, name: p.providerName };
      }
      if (!p.oidcClaims) throw invalid(`${at} must carry an oidcToken (or oidcClaims)`, at);
      const { iss, sub, aud } = p.oidcClaims;
      if (!app.config.oidcIssuers.includes(iss)) {
        throw new ApiError(
          "INVALID_ARGUMENT",
          "OIDC_ISSUER_NOT_ALLOWED",
          `${at}.oidcClaims.iss ${iss} is not among this installation's issuers (LATCHKEY_OIDC_ISSUERS)`,
          { fieldViolations: [{ field: `${at}.oidcClaims.iss`, description: "issuer not allowed" }] },
        );
      }
      if (!sub || !aud) throw invalid(`${at}.oidcClaims needs sub and aud`, `${at}.oidcClaims`);
      return { issuer: iss, subject: sub, audience: aud, name: p.providerName };
    }),
  );
}

/**
 * Verifies every user's provider tokens ahead of the activity's transaction, so a slow issuer
 * (discovery, JWKS) never holds a database connection — on PGlite, the only one. The keys stay
 * cached for `execute`, which verifies again; a bad token is refused here before anything is written.
 */
export async function verifyUsersIdentities(
  app: AppContext,
  users: { oauthProviders: ProviderParams[] }[],
  field: string,
): Promise<void> {
  await Promise.all(
    users.map((u, i) => identitiesOf(app, u.oauthProviders, `${field}[${i}].oauthProviders`)),
  );
}
