import type { AppContext } from "../context";
import type { Tx } from "../db/client";
import type { OrganizationRow } from "../db/schema";
import { issueSessionJwt } from "./jwt";
import { profileForLogin, sessionUnderProfile } from "./profiles";
import { insertSessionKey, type LoginMethod, sessionSeconds } from "./session-keys";

/**
 * The end of every proof-based login (otp_login, oauth_login): `publicKey` becomes a session key
 * of the user (under a session profile when one is named) and the session JWT signed by this
 * server's key is what the client gets back.
 */
export async function startLoginSession(
  app: AppContext,
  tx: Tx,
  login: {
    organization: OrganizationRow;
    userId: string;
    publicKey: string;
    expirationSeconds: string | undefined;
    invalidateExisting: boolean | undefined;
    sessionProfileId: string | undefined;
    name: string;
    /** What the login proved (an e-mail or SMS code, an OIDC token): the session key presents it to MFA. */
    loginMethod: LoginMethod;
    now: Date;
  },
): Promise<string> {
  const { organization, now } = login;
  const profile = login.sessionProfileId
    ? await profileForLogin(tx, organization, login.sessionProfileId)
    : undefined;
  const under = sessionUnderProfile(
    profile,
    sessionSeconds(login.expirationSeconds, app.config.sessionSeconds),
  );
  const { expiresAt } = await insertSessionKey(tx, {
    organizationId: organization.id,
    userId: login.userId,
    publicKey: login.publicKey,
    seconds: under.seconds,
    sessionProfileId: under.sessionProfileId,
    name: login.name,
    loginMethod: login.loginMethod,
    invalidateExisting: login.invalidateExisting,
    now,
  });
  return issueSessionJwt(app.serverKey, {
    exp: Math.floor(expiresAt.getTime() / 1000),
    public_key: login.publicKey,
    session_type: under.sessionType,
    user_id: login.userId,
    organization_id: organization.id,
  });
}
