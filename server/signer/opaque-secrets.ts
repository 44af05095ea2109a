import { MAX_SECRET_BYTES } from "@/lib/api/secrets";
import type { ServerSigningKey } from "../crypto/server-signing-key";
import { sha256Hex } from "../crypto/sha256-hex";
import type { DbOrTx } from "../db/client";
import { exportBundle, importTargetBundle, newImportTargetKey, openImportBundle } from "./bundles";
import { SignerInputError } from "./errors";
import type { MasterKeyring } from "./keyring";
import { deleteSecrets, SecretMissingError, storeSecret, withSecret } from "./vault";

/**
 * Opaque secrets (import_secrets / export_secrets) inside the signer boundary. They travel in the
 * same HPKE bundles as key material and are sealed at rest the same way (kind SECRET, under the
 * secret's id). Import targets are one fresh key per announced secret (kind SECRET_IMPORT_TARGET),
 * found again by their public key, which import_secrets names; each opens exactly one secret.
 */

export interface SecretRef {
  secretId: string;
  organizationId: string;
}

/** The sealed row id of a target: derived from its public key, so no lookup table is needed. */
function targetIdentity(organizationId: string, targetPublicKeyHex: string) {
  const digest = sha256Hex(targetPublicKeyHex.toLowerCase());
  return { id: `secret-import-target:${digest}`, organizationId, kind: "SECRET_IMPORT_TARGET" as const };
}

const secretIdentity = (ref: SecretRef) => ({
  id: ref.secretId,
  organizationId: ref.organizationId,
  kind: "SECRET" as const,
});

/** `count` fresh targets, each in a bundle signed by the server key (encryptSecretToBundle reads it). */
export async function initSecretImportTargets(
  db: DbOrTx,
  keyring: MasterKeyring,
  serverKey: ServerSigningKey,
  organizationId: string,
  userId: string,
  count: number,
  now: Date,
): Promise<string[]> {
  const bundles: string[] = [];
  for (let i = 0; i < count; i++) {
    const target = newImportTargetKey();
    try {
      const publicHex = Buffer.from(target.publicKey).toString("hex");
      await storeSecret(db, keyring, targetIdentity(organizationId, publicHex), target.privateKey, now);
      bundles.push(importTargetBundle(serverKey, organizationId, userId, target.publicKey));
    } finally {
      target.privateKey.fill(0);
    }
  }
  return bundles;
}

/**
 * Open `secretPayload` with the target named by `targetPublicKey`, seal the plaintext as the secret
 * `ref`, and consume the target. `field` names the parameter in errors (secrets[0]).
 */
export async function importOpaqueSecret(
  db: DbOrTx,
  keyring: MasterKeyring,
  ref: SecretRef,
  target: { publicKey: string; payload: string; field: string },
  now: Date,
): Promise<void> {
  const identity = targetIdentity(ref.organizationId, target.publicKey);
  try {
    await withSecret(db, keyring, identity, async (targetKey) => {
      let plaintext: Uint8Array;
      try {
        plaintext = openImportBundle(targetKey, target.payload);
      } catch (error) {
        if (error instanceof SignerInputError) {
          throw new SignerInputError(
            error.message.replace(/^encryptedBundle/, `${target.field}.secretPayload`),
          );
        }
        throw error;
      }
      try {
        if (plaintext.length === 0 || plaintext.length > MAX_SECRET_BYTES) {
          throw new SignerInputError(
            `${target.field}.secretPayload: the secret must be 1 to ${MAX_SECRET_BYTES} bytes`,
          );
        }
        await storeSecret(db, keyring, secretIdentity(ref), plaintext, now);
      } finally {
        plaintext.fill(0);
      }
    });
  } catch (error) {
    if (error instanceof SecretMissingError) {
      throw new SignerInputError(
        `${target.field}.targetPublicKey: no import target of this organization has this key ` +
          "(call init_import_secrets first; each target imports one secret)",
      );
    }
    throw error;
  }
  await deleteSecrets(db, [identity.id]);
}

/** The secret HPKE-encrypted to `targetPublicKey`, in the bundle decryptSecretBundle opens. */
export function exportOpaqueSecret(
  db: DbOrTx,
  keyring: MasterKeyring,
  serverKey: ServerSigningKey,
  ref: SecretRef,
  targetPublicKey: string,
): Promise<string> {
  return withSecret(db, keyring, secretIdentity(ref), (plaintext) =>
    exportBundle(serverKey, ref.organizationId, targetPublicKey, plaintext),
  );
}
