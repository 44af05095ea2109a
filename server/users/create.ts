import type { TUserParams } from "@/lib/api/users";
import { deferRow } from "../audit/pending";
import type { AppContext } from "../context";
import { apiKeyFromParams, insertApiKeysOf } from "../credentials/api-keys";
import { insertAuthenticatorsOf, verifyPasskeyRegistration } from "../credentials/authenticators";
import { type ChallengeIssuer, settlePossession } from "../credentials/settle-possession";
import type { Tx } from "../db/client";
import { placeholderInsert } from "../db/placeholder-sql";
import { users } from "../db/schema";
import { newId } from "../ids";
import { linkIdentities } from "../oidc/identities";
import { identitiesOf } from "../oidc/provider-params";
import { findTags, tagsNotFound } from "../tags/find";
import { USER_TAGS } from "../tags/kinds";

/** The users' columns, each a placeholder, when their rows ride in the audit append's statement. */
const USER_COLUMNS = [
  "id",
  "organizationId",
  "name",
  "email",
  "phoneNumber",
  "tagIds",
  "createdAt",
  "updatedAt",
] as const;

/**
 * Create users with their API keys, passkeys and linked OIDC identities; every credential is
 * checked (tokens verified against their issuer) before anything is written. `issuer`: the organization whose registration challenges the passkeys may carry.
 *
 * `endsWithAppend` (ActivityContext): users without credentials are then written by the audit
 * append's statement, one round trip fewer (nothing else in the transaction refers to them); a
 * user with a credential is inserted at once, since the credential's row refers to it.
 */
export async function insertUsers(
  app: AppContext,
  tx: Tx,
  organizationId: string,
  params: TUserParams[],
  issuer: ChallengeIssuer,
  field = "parameters.users",
  endsWithAppend = false,
): Promise<string[]> {
  const { now } = issuer;
  const prepared = await Promise.all(
    params.map(async (user, i) => ({
      user,
      keys: user.apiKeys.map((k, j) => apiKeyFromParams(k, `${field}[${i}].apiKeys[${j}]`)),
      passkeys: await Promise.all(
        user.authenticators.map((a, j) =>
          verifyPasskeyRegistration(app.config, a, `${field}[${i}].authenticators[${j}]`),
        ),
      ),
      identities: await identitiesOf(app, user.oauthProviders, `${field}[${i}].oauthProviders`),
    })),
  );
  // Every tag named by any user, in one query; the first user naming a missing one is blamed.
  const named = [...new Set(params.flatMap((u) => u.userTags))];
  const known = new Set((await findTags(tx, organizationId, USER_TAGS, named)).map((t) => t.id));
  for (const [i, user] of params.entries()) {
    const missing = user.userTags.filter((id) => !known.has(id));
    if (missing.length > 0) throw tagsNotFound(USER_TAGS, missing, `${field}[${i}].userTags`);
  }
  const rows = prepared.map(({ user }) => ({
    id: newId(now.getTime()),
    organizationId,
    name: user.userName,
    email: user.userEmail ?? null,
    phoneNumber: user.userPhoneNumber ?? null,
    tagIds: user.userTags,
    createdAt: now,
    updatedAt: now,
  }));
  const ids = rows.map((r) => r.id);
  const bare = prepared.every(
    (p) => p.keys.length === 0 && p.passkeys.length === 0 && p.identities.length === 0,
  );
  if (endsWithAppend && bare) {
    for (const row of rows) {
      deferRow(tx, {
        shape: "user",
        build: (prefix) => placeholderInsert(users, USER_COLUMNS, prefix),
        values: row,
      });
    }
    return ids;
  }
  await tx.insert(users).values(rows);
  await insertApiKeysOf(
    tx,
    organizationId,
    prepared.flatMap(({ keys }, i) => keys.map((key) => ({ userId: ids[i]!, key }))),
    now,
  );
  const passkeys = prepared.flatMap(({ passkeys }, i) =>
    passkeys.map((passkey) => ({ userId: ids[i]!, passkey })),
  );
  await settlePossession(tx, passkeys, issuer);
  await insertAuthenticatorsOf(tx, organizationId, passkeys, now);
  for (const [i, { identities }] of prepared.entries()) {
    await linkIdentities(tx, { organizationId, userId: ids[i]!, now }, identities);
  }
  return ids;
}
