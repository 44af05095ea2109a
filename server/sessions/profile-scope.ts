import { eq } from "drizzle-orm";
import type { CallerCredential } from "../auth/caller";
import type { DbOrTx } from "../db/client";
import { apiKeys, sessionProfiles } from "../db/schema";
import { denied } from "../errors";
import { evaluatePolicyExpression, parsePolicyExpression } from "../policy/language";
import type { PolicyValue } from "../policy/types";

export interface SessionScope {
  profileId: string;
  name: string;
  scope: string;
}

/**
 * The profile a session key was started under, if any. Only session keys can have one, so every
 * other credential costs nothing; a session key pays one indexed read.
 */
export async function sessionScopeOf(
  db: DbOrTx,
  credential: CallerCredential | undefined,
): Promise<SessionScope | undefined> {
  if (credential?.type !== "CREDENTIAL_TYPE_READ_WRITE_SESSION_KEY_P256") return undefined;
  const [row] = await db
    .select({ profileId: apiKeys.sessionProfileId, scope: sessionProfiles.scope, name: sessionProfiles.name })
    .from(apiKeys)
    .innerJoin(sessionProfiles, eq(sessionProfiles.id, apiKeys.sessionProfileId))
    .where(eq(apiKeys.id, credential.id));
  return row?.profileId ? { profileId: row.profileId, name: row.name, scope: row.scope } : undefined;
}

/**
 * Hold `views` (one per call of a batch, as an allow policy sees them) to the profile's scope: it
 * must be true for each. False, or an error (a namespace the view lacks), is a 403 that names the
 * profile, its scope and what was refused (`what`: "submit create_api_keys", "vote on …", "read …").
 */
export async function requireWithinScope(
  profile: SessionScope,
  what: string,
  views: () => Promise<PolicyValue[]>,
): Promise<void> {
  let allowed = false;
  let why = "its scope is false for this";
  try {
    const scope = parsePolicyExpression(profile.scope);
    allowed = (await views()).every((view) => evaluatePolicyExpression(scope, view));
  } catch (error) {
    why = `its scope could not be evaluated for this: ${(error as Error).message}`;
  }
  if (!allowed) {
    throw denied(
      "SESSION_PROFILE_SCOPE",
      `this session may not ${what}: it was started under session profile ${profile.name} (${profile.profileId}) with scope \`${profile.scope}\`; ${why}`,
      { sessionProfile: { id: profile.profileId, name: profile.name, scope: profile.scope } },
    );
  }
}
