import type { AppContext } from "../context";
import type { DbOrTx } from "../db/client";
import type { UserRow } from "../db/schema";
import { unauthenticated } from "../errors";
import { linkedUser } from "./identities";
import { verifyOidcToken } from "./verify";

/**
 * The user an ID token logs in: the token verified for real with its nonce bound to `boundKey`
 * (the key the session or credential will be), then the live user of this organization linked to
 * exactly its issuer, audience and subject. No such user is a 401 naming the identity, so another
 * application's token (other audience) finds nobody.
 */
export async function userForOidcToken(
  app: AppContext,
  db: DbOrTx,
  organizationId: string,
  token: string,
  boundKey: string,
): Promise<UserRow> {
  const identity = await verifyOidcToken(app, token, { field: "parameters.oidcToken", nonceFor: boundKey });
  const user = await linkedUser(db, organizationId, identity);
  if (!user) {
    throw unauthenticated(
      "OAUTH_PROVIDER_NOT_FOUND",
      `no user of organization ${organizationId} is linked to subject ${identity.subject} of ${identity.issuer} for audience ${identity.audience}`,
    );
  }
  return user;
}
