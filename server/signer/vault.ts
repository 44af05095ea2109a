import { eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { sealedSecrets } from "../db/schema";
import type { MasterKeyring } from "./keyring";
import { SealBrokenError, type SealIdentity, seal, unseal } from "./seal";

/**
 * The database side of sealed key material. Plaintext goes in through `store` and comes out only
 * inside `withSecret`'s callback, which zeroes it afterwards; nothing else reads sealed_secrets.
 */

export async function storeSecret(
  db: DbOrTx,
  keyring: MasterKeyring,
  identity: SealIdentity,
  plaintext: Uint8Array,
  now: Date,
): Promise<void> {
  const sealed = seal(keyring.current, identity, plaintext);
  await db
    .insert(sealedSecrets)
    .values({ ...identity, ...sealed, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: sealedSecrets.id,
      set: { ...sealed, kind: identity.kind, updatedAt: now },
    });
}

export class SecretMissingError extends Error {}

/** Unseal, hand the plaintext to `use`, and zero it whatever happens. */
export async function withSecret<T>(
  db: DbOrTx,
  keyring: MasterKeyring,
  identity: SealIdentity,
  use: (plaintext: Buffer) => T | Promise<T>,
): Promise<T> {
  const [row] = await db.select().from(sealedSecrets).where(eq(sealedSecrets.id, identity.id));
  if (!row || row.kind !== identity.kind || row.organizationId !== identity.organizationId) {
    throw new SecretMissingError(`no ${identity.kind} is sealed for ${identity.id}`);
  }
  const key = keyring.find(row.masterKeyId);
  if (!key) {
    throw new SealBrokenError(
      `${identity.kind} ${identity.id} is wrapped by master key ${row.masterKeyId}, which this process was not given`,
    );
  }
  const plaintext = unseal(key, identity, row);
  try {
    return await use(plaintext);
  } finally {
    plaintext.fill(0);
  }
}

/** Crypto-shredding: the sealed key material leaves the live database with the wallet or key. */
export async function deleteSecrets(db: DbOrTx, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(sealedSecrets).where(inArray(sealedSecrets.id, ids));
}
