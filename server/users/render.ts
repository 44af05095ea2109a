import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { toTimestamp } from "@/lib/api/common";
import type { TApiKey, TAuthenticator } from "@/lib/api/credentials";
import type { TUser } from "@/lib/api/users";
import type { DbOrTx } from "../db/client";
import {
  type ApiKeyRow,
  type AuthenticatorRow,
  apiKeys,
  authenticators,
  type UserRow,
  users,
} from "../db/schema";

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

function renderUser(row: UserRow, keys: ApiKeyRow[], passkeys: AuthenticatorRow[]): TUser {
  return {
    userId: row.id,
    userName: row.name,
    ...(row.email ? { userEmail: row.email } : {}),
    ...(row.phoneNumber ? { userPhoneNumber: row.phoneNumber } : {}),
    authenticators: passkeys.filter((a) => a.userId === row.id).map(renderAuthenticator),
    apiKeys: keys.filter((k) => k.userId === row.id).map(renderApiKey),
    userTags: row.tagIds,
    oauthProviders: [],
    createdAt: toTimestamp(row.createdAt),
    updatedAt: toTimestamp(row.updatedAt),
    mfaPolicies: [],
  };
}

/** Users with their credentials, in creation order. `userIds` narrows; deleted users only when named. */
export async function loadUsers(db: DbOrTx, organizationId: string, userIds?: string[]): Promise<TUser[]> {
  if (userIds && userIds.length === 0) return [];
  const where = userIds
    ? and(eq(users.organizationId, organizationId), inArray(users.id, userIds))
    : and(eq(users.organizationId, organizationId), isNull(users.deletedAt));
  const rows = await db.select().from(users).where(where).orderBy(asc(users.id));
  if (rows.length === 0) return [];
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
  return rows.map((row) => renderUser(row, keys, passkeys));
}
