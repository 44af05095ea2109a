import { eq, inArray, sql, type WithSubquery } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { type SealedSecretRow, sealedSecrets } from "../db/schema";
import type { MasterKeyring } from "./keyring";
import { SealBrokenError, type Sealed, type SealIdentity, seal, unseal } from "./seal";

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

/**
 * Seal several new secrets in one statement (create_private_keys makes up to 100). Their ids are
 * fresh, so unlike storeSecret nothing is replaced: a clash is a bug and fails the transaction.
 */
export async function storeNewSecrets(
  db: DbOrTx,
  keyring: MasterKeyring,
  entries: { identity: SealIdentity; plaintext: Uint8Array }[],
  now: Date,
): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(sealedSecrets).values(
    entries.map(({ identity, plaintext }) => ({
      ...identity,
      ...seal(keyring.current, identity, plaintext),
      createdAt: now,
      updatedAt: now,
    })),
  );
}

/** A secret sealed already (ciphertext only), with the identity it is bound to. */
export interface SealedEntry {
  identity: SealIdentity;
  sealed: Sealed;
}

/** Another table's insert, as a data-modifying CTE (`db.$with(…).as(db.insert(…)…returning(…))`). */
export type AlongsideInsert = WithSubquery;

/**
 * Store secrets sealed beforehand, in one statement; like storeNewSecrets, their ids are fresh.
 * With `alongside`, that insert runs in the same statement (PostgreSQL runs a data-modifying CTE
 * whether or not the statement reads it): the rows the secrets belong to and their sealed keys
 * are one round trip, and either both are written or neither.
 */
export async function storeNewSealed(
  db: DbOrTx,
  entries: SealedEntry[],
  now: Date,
  alongside?: AlongsideInsert,
): Promise<void> {
  if (entries.length === 0) {
    if (alongside) await db.with(alongside).select({ written: sql`1` }).from(alongside);
    return;
  }
  await (alongside ? db.with(alongside) : db)
    .insert(sealedSecrets)
    .values(
      entries.map(({ identity, sealed }) => ({ ...identity, ...sealed, createdAt: now, updatedAt: now })),
    );
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
  return openSealed(keyring, identity, row, use);
}

/** Several sealed rows in one statement, still sealed, by id (open each with openSealed). */
export async function readSealed(db: DbOrTx, ids: string[]): Promise<Map<string, SealedSecretRow>> {
  const rows = await db.select().from(sealedSecrets).where(inArray(sealedSecrets.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Unseal a row read for `identity`, hand the plaintext to `use`, and zero it whatever happens. */
export async function openSealed<T>(
  keyring: MasterKeyring,
  identity: SealIdentity,
  row: SealedSecretRow | undefined,
  use: (plaintext: Buffer) => T | Promise<T>,
): Promise<T> {
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
