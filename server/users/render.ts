import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { toTimestamp } from "@/lib/api/common";
import type { TApiKey, TAuthenticator } from "@/lib/api/credentials";
import type { TUser } from "@/lib/api/users";
import type { DbOrTx } from "../db/client";
import {
  type ApiKeyRow,
  type AuthenticatorRow,
  apiKeys,
  authenticators,
  type OauthProviderRow,
  oauthProviders,
  type UserRow,
  users,
} from "../db/schema";
import { renderOauthProvider } from "../oidc/identities";

export function renderApiKey(row: ApiKeyRow): TApiKey {
  return {
    credential: { publicKey: row.publicKey, type: row.credentialType },
    apiKeyId: row.id,
    apiKeyName: row.name,
    createdAt: toTimestamp(row.createdAt),
    updatedAt: toTimestamp(row.updatedAt),
    ...(row.expirationSeconds ? { expirationSeconds: row.expirationSeconds } : {}),
  };
}

export function renderAuthenticator(row: AuthenticatorRow): TAuthenticator {
  return {
    transports: row.transports,
    attestationType: row.attestationType,
    aaguid: row.aaguid,
    credentialId: row.credentialId,
    model: "",
    credential: { publicKey: row.publicKey, type: "CREDENTIAL_TYPE_WEBAUTHN_AUTHENTICATOR" },
    authenticatorId: row.id,
    authenticatorName: row.name,
    createdAt: toTimestamp(row.createdAt),
    updatedAt: toTimestamp(row.updatedAt),
  };
}

function renderUser(
  row: UserRow,
  keys: ApiKeyRow[],
  passkeys: AuthenticatorRow[],
  identities: OauthProviderRow[],
): TUser {
  return {
    userId: row.id,
    userName: row.name,
    ...(row.email ? { userEmail: row.email } : {}),
    ...(row.phoneNumber ? { userPhoneNumber: row.phoneNumber } : {}),
    authenticators: passkeys.filter((a) => a.userId === row.id).map(renderAuthenticator),
    apiKeys: keys.filter((k) => k.userId === row.id).map(renderApiKey),
    userTags: row.tagIds,
    oauthProviders: identities.filter((p) => p.userId === row.id).map(renderOauthProvider),
    createdAt: toTimestamp(row.createdAt),
    updatedAt: toTimestamp(row.updatedAt),
    mfaPolicies: [],
  };
}

/**
 * A user's oauth_providers rows as JSON, oldest first (json_agg over a correlated subquery). The
 * outer column is spelled out: drizzle writes `${users.id}` unqualified, which `p` would capture.
 */
const identitiesColumn = sql<Record<string, string>[] | null>`(
  select json_agg(row_to_json(p) order by p.id) from ${oauthProviders} p where p.user_id = "users"."id"
)`;

function identityRow(json: Record<string, string>): OauthProviderRow {
  return {
    id: json.id!,
    organizationId: json.organization_id!,
    userId: json.user_id!,
    name: json.name!,
    issuer: json.issuer!,
    audience: json.audience!,
    subject: json.subject!,
    createdAt: new Date(json.created_at!),
    updatedAt: new Date(json.updated_at!),
  };
}

/** Users with their credentials, in creation order. `userIds` narrows; deleted users only when named. */
export async function loadUsers(db: DbOrTx, organizationId: string, userIds?: string[]): Promise<TUser[]> {
  if (userIds && userIds.length === 0) return [];
  const where = userIds
    ? and(eq(users.organizationId, organizationId), inArray(users.id, userIds))
    : and(eq(users.organizationId, organizationId), isNull(users.deletedAt));
  // Each user's linked identities ride along in the same query: no extra round trip per request
  // that renders users (votes, whoami-like reads).
  const selected = await db
    .select({ user: users, identities: identitiesColumn })
    .from(users)
    .where(where)
    .orderBy(asc(users.id));
  if (selected.length === 0) return [];
  const rows = selected.map((r) => r.user);
  const identities = selected.flatMap((r) => (r.identities ?? []).map(identityRow));
  const ids = rows.map((r) => r.id);
  const [keys, passkeys] = await Promise.all([
    db
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.organizationId, organizationId), inArray(apiKeys.userId, ids)))
      .orderBy(asc(apiKeys.id)),
    db
      .select()
      .from(authenticators)
      .where(and(eq(authenticators.organizationId, organizationId), inArray(authenticators.userId, ids)))
      .orderBy(asc(authenticators.id)),
  ]);
  return rows.map((row) => renderUser(row, keys, passkeys, identities));
}
