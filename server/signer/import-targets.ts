import type { ServerSigningKey } from "../crypto/server-signing-key";
import type { DbOrTx } from "../db/client";
import { importTargetBundle, newImportTargetKey, openImportBundle } from "./bundles";
import { SignerInputError } from "./errors";
import type { MasterKeyring } from "./keyring";
import { deleteSecrets, SecretMissingError, storeSecret, withSecret } from "./vault";

/**
 * Import targets: init_import_* gives a user a fresh P-256 key to encrypt their wallet or key to.
 * Its private half is sealed like any key; a newer init replaces it, and a completed import
 * consumes it, so each target decrypts at most one import.
 */

const identity = (organizationId: string, userId: string) => ({
  id: userId,
  organizationId,
  kind: "IMPORT_TARGET" as const,
});

export async function initImportTarget(
  db: DbOrTx,
  keyring: MasterKeyring,
  serverKey: ServerSigningKey,
  organizationId: string,
  userId: string,
  now: Date,
): Promise<string> {
  const target = newImportTargetKey();
  try {
    await storeSecret(db, keyring, identity(organizationId, userId), target.privateKey, now);
    return importTargetBundle(serverKey, organizationId, userId, target.publicKey);
  } finally {
    target.privateKey.fill(0);
  }
}

/** Decrypt the user's bundle, hand the plaintext to `use` (zeroed afterwards), consume the target. */
export async function openImport<T>(
  db: DbOrTx,
  keyring: MasterKeyring,
  organizationId: string,
  userId: string,
  encryptedBundle: string,
  use: (plaintext: Uint8Array) => T | Promise<T>,
): Promise<T> {
  let result: T;
  try {
    result = await withSecret(db, keyring, identity(organizationId, userId), async (targetKey) => {
      const plaintext = openImportBundle(targetKey, encryptedBundle);
      try {
        return await use(plaintext);
      } finally {
        plaintext.fill(0);
      }
    });
  } catch (error) {
    if (error instanceof SecretMissingError) {
      throw new SignerInputError(
        `userId: no import is in progress for user ${userId}; call init_import first`,
      );
    }
    throw error;
  }
  await deleteSecrets(db, [userId]);
  return result;
}
