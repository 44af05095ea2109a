import { and, eq } from "drizzle-orm";
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
export async function insertApiKeys(
  tx: Tx,
  organizationId: string,
  userId: string,
  keys: NewApiKey[],
  now: Date,
): Promise<string[]> {
  const ids: string[] = [];
  const seen = new Set<string>();
  for (const key of keys) {
    const [existing] = await tx
      .select({ id: apiKeys.id })
      .from(apiKeys)
      .where(and(eq(apiKeys.organizationId, organizationId), eq(apiKeys.publicKey, key.publicKey)));
    if (existing || seen.has(key.publicKey)) {
      throw new ApiError(
        "ALREADY_EXISTS",
        "API_KEY_EXISTS",
        `public key ${key.publicKey} is already registered in organization ${organizationId}`,
      );
    }
    seen.add(key.publicKey);
    const id = newId(now.getTime());
    const seconds = key.expirationSeconds ? Number(key.expirationSeconds) : undefined;
    await tx.insert(apiKeys).values({
      id,
      organizationId,
      userId,
      name: key.name,
      publicKey: key.publicKey,
      curve: key.curve,
      credentialType: key.credentialType,
      expirationSeconds: key.expirationSeconds ?? null,
      expiresAt: seconds ? new Date(now.getTime() + seconds * 1000) : null,
      createdAt: now,
      updatedAt: now,
    });
    ids.push(id);
  }
  return ids;
}
