import { and, eq, inArray, sql } from "drizzle-orm";
import type { TApiKeyParams } from "@/lib/api/credentials";
import type { Tx } from "../db/client";
import { apiKeys } from "../db/schema";
import { ApiError } from "../errors";
import { newId } from "../ids";
import { CREDENTIAL_TYPE_FOR_CURVE, normalizeApiPublicKey } from "./public-keys";

export interface NewApiKey {
  name: string;
  publicKey: string;
  curve: string;
  credentialType: string;
  expirationSeconds?: string;
  /** Session keys only: the session profile a login named, and how the session was obtained. */
  sessionProfileId?: string;
  loginMethod?: string;
}

export function apiKeyFromParams(params: TApiKeyParams, field: string): NewApiKey {
  return {
    name: params.apiKeyName,
    publicKey: normalizeApiPublicKey(params.curveType, params.publicKey, `${field}.publicKey`),
    curve: params.curveType,
    credentialType: CREDENTIAL_TYPE_FOR_CURVE[params.curveType]!,
    expirationSeconds: params.expirationSeconds,
  };
}

/** Add keys to a user. A public key identifies its holder, so it may appear once per organization. */
export function insertApiKeys(
  tx: Tx,
  organizationId: string,
  userId: string,
  keys: NewApiKey[],
  now: Date,
): Promise<string[]> {
  return insertApiKeysOf(
    tx,
    organizationId,
    keys.map((key) => ({ userId, key })),
    now,
  );
}

/**
 * Registrations of one public key in one organization take turns: a transaction-scoped advisory
 * lock per key, taken in one order (by the lock's number) so that two batches cannot deadlock.
 * Without it two requests could both find a key absent and both insert it — api_keys has no unique
 * index on it — and a stamp by that key would then resolve to either holder. The look-up that
 * follows is a statement of its own, so it reads what the lock's previous holder committed.
 */
async function lockPublicKeys(tx: Tx, organizationId: string, publicKeys: string[]): Promise<void> {
  const names = [...new Set(publicKeys)].map((key) => `api_key:${organizationId}:${key}`);
  await tx.execute(
    sql`select pg_advisory_xact_lock(k) from (select distinct hashtextextended(name, 0) as k from unnest(${sql.param(names)}::text[]) as name) as locks order by k`,
  );
}

/**
 * Add keys to several users in three statements, whatever their number: the keys' locks, one
 * look-up of every public key, one insert of every row. A public key may appear once per
 * organization, across the batch too.
 */
export async function insertApiKeysOf(
  tx: Tx,
  organizationId: string,
  entries: { userId: string; key: NewApiKey }[],
  now: Date,
): Promise<string[]> {
  if (entries.length === 0) return [];
  const publicKeys = entries.map((e) => e.key.publicKey);
  const repeated = publicKeys.find((k, i) => publicKeys.indexOf(k) !== i);
  if (!repeated) await lockPublicKeys(tx, organizationId, publicKeys);
  const [existing] = repeated
    ? [{ publicKey: repeated }]
    : await tx
        .select({ publicKey: apiKeys.publicKey })
        .from(apiKeys)
        .where(and(eq(apiKeys.organizationId, organizationId), inArray(apiKeys.publicKey, publicKeys)))
        .limit(1);
  if (existing) {
    throw new ApiError(
      "ALREADY_EXISTS",
      "API_KEY_EXISTS",
      `public key ${existing.publicKey} is already registered in organization ${organizationId}`,
    );
  }
  const rows = entries.map(({ userId, key }) => {
    const seconds = key.expirationSeconds ? Number(key.expirationSeconds) : undefined;
    return {
      id: newId(now.getTime()),
      organizationId,
      userId,
      name: key.name,
      publicKey: key.publicKey,
      curve: key.curve,
      credentialType: key.credentialType,
      expirationSeconds: key.expirationSeconds ?? null,
      expiresAt: seconds ? new Date(now.getTime() + seconds * 1000) : null,
      sessionProfileId: key.sessionProfileId ?? null,
      loginMethod: key.loginMethod ?? null,
      createdAt: now,
      updatedAt: now,
    };
  });
  await tx.insert(apiKeys).values(rows);
  return rows.map((r) => r.id);
}
