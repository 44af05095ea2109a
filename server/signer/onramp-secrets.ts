import { sha256 } from "@noble/hashes/sha2.js";
import { createBase58check } from "@scure/base";
import { HpkeError, hpkeOpen } from "../crypto/hpke";
import type { DbOrTx } from "../db/client";
import { installationKeyPublic } from "./installation-key";
import type { MasterKeyring } from "./keyring";
import { deleteSecrets, SecretMissingError, storeSecret, withSecret } from "./vault";

/**
 * Fiat on-ramp provider secrets. Clients encrypt them to the installation's on-ramp encryption key
 * (a P-256 key made once per installation, sealed like any key, its public half published by the
 * get_on_ramp_encryption_key query) with @turnkey/crypto's `encryptOnRampSecret(secret, publicKey)`:
 * base58check of the 33-byte compressed encapsulated key followed by the HPKE ciphertext. Latchkey
 * opens that once, when the credential is created or updated, and seals the plaintext under the
 * credential's id; only the provider adapters see it again, inside `withOnRampSecrets`.
 */

const ENCRYPTION_KEY = {
  id: "onramp-encryption-key",
  organizationId: null,
  kind: "ONRAMP_ENCRYPTION_KEY" as const,
};
const base58check = createBase58check(sha256);

/** The client's mistake: a ciphertext that is not encryptOnRampSecret's, or not to this key. */
export class OnRampSecretError extends Error {}

/**
 * The on-ramp encryption key's public half, made on first use: compressed SEC1 (33 bytes), hex, the
 * form encryptOnRampSecret takes (it is the form of Turnkey's own published key).
 */
export function onRampEncryptionPublicKey(db: DbOrTx, keyring: MasterKeyring, now: Date): Promise<string> {
  return installationKeyPublic(db, keyring, now, ENCRYPTION_KEY, { compressed: true });
}

function decode(encrypted: string, field: string) {
  let bytes: Uint8Array;
  try {
    bytes = base58check.decode(encrypted);
  } catch {
    throw new OnRampSecretError(`${field} must be base58check, as encryptOnRampSecret writes it`);
  }
  if (bytes.length < 33 + 16) throw new OnRampSecretError(`${field} is too short to hold a secret`);
  return { encappedPublicKey: bytes.subarray(0, 33), ciphertext: bytes.subarray(33) };
}

const identity = (organizationId: string, credentialId: string, which: "secret" | "private" | "webhook") => ({
  id: `${credentialId}:${which}`,
  organizationId,
  kind: "ONRAMP_SECRET" as const,
});

export interface EncryptedOnRampSecrets {
  encryptedSecretApiKey: string;
  encryptedPrivateApiKey?: string;
}

/** Open the client's ciphertexts with the on-ramp key and seal the secrets under the credential. */
export async function sealOnRampSecrets(
  db: DbOrTx,
  keyring: MasterKeyring,
  organizationId: string,
  credentialId: string,
  encrypted: EncryptedOnRampSecrets,
  now: Date,
): Promise<void> {
  // Made on first use: a client that never asked for the key still gets a clear refusal below.
  await onRampEncryptionPublicKey(db, keyring, now);
  const entries = [
    ["secret", "encryptedSecretApiKey", encrypted.encryptedSecretApiKey],
    ["private", "encryptedPrivateApiKey", encrypted.encryptedPrivateApiKey],
  ] as const;
  await deleteSecrets(db, [`${credentialId}:secret`, `${credentialId}:private`]);
  for (const [which, field, value] of entries) {
    if (value === undefined) continue;
    await openAndSeal(db, keyring, identity(organizationId, credentialId, which), field, value, now);
  }
}

/** Open one encryptOnRampSecret ciphertext with the on-ramp key and seal the plaintext as `target`. */
async function openAndSeal(
  db: DbOrTx,
  keyring: MasterKeyring,
  target: ReturnType<typeof identity>,
  field: string,
  value: string,
  now: Date,
): Promise<void> {
  const sealed = decode(value, field);
  await withSecret(db, keyring, ENCRYPTION_KEY, async (key) => {
    let plaintext: Uint8Array;
    try {
      plaintext = hpkeOpen(key, sealed);
    } catch (error) {
      if (error instanceof HpkeError) {
        throw new OnRampSecretError(
          `${field} does not decrypt with this server's on-ramp encryption key (get_on_ramp_encryption_key): ${error.message}`,
        );
      }
      throw error;
    }
    try {
      if (plaintext.length === 0) throw new OnRampSecretError(`${field} holds an empty secret`);
      await storeSecret(db, keyring, target, plaintext, now);
    } finally {
      plaintext.fill(0);
    }
  });
}

/**
 * The key a provider signs its webhooks to this credential with (MoonPay's webhook API key, the
 * secret of a Coinbase webhook subscription), encrypted like the API keys; it replaces any earlier one.
 */
export async function sealOnRampWebhookSecret(
  db: DbOrTx,
  keyring: MasterKeyring,
  organizationId: string,
  credentialId: string,
  encryptedWebhookSecret: string,
  now: Date,
): Promise<void> {
  await onRampEncryptionPublicKey(db, keyring, now);
  const target = identity(organizationId, credentialId, "webhook");
  await openAndSeal(db, keyring, target, "encryptedWebhookSecret", encryptedWebhookSecret, now);
}

/** Run `use` with the credential's webhook secret; undefined when none was set. */
export async function withOnRampWebhookSecret<T>(
  db: DbOrTx,
  keyring: MasterKeyring,
  organizationId: string,
  credentialId: string,
  use: (secret: Buffer) => T,
): Promise<T | undefined> {
  try {
    return await withSecret(db, keyring, identity(organizationId, credentialId, "webhook"), use);
  } catch (error) {
    if (error instanceof SecretMissingError) return undefined;
    throw error;
  }
}

export interface OnRampSecrets {
  secretApiKey: string;
  privateApiKey: string | undefined;
}

/** The credential's secrets, for the length of `use` (strings cannot be wiped: keep `use` short). */
export async function withOnRampSecrets<T>(
  db: DbOrTx,
  keyring: MasterKeyring,
  organizationId: string,
  credentialId: string,
  hasPrivate: boolean,
  use: (secrets: OnRampSecrets) => Promise<T>,
): Promise<T> {
  const secretApiKey = await withSecret(db, keyring, identity(organizationId, credentialId, "secret"), (p) =>
    p.toString("utf8"),
  );
  const privateApiKey = hasPrivate
    ? await withSecret(db, keyring, identity(organizationId, credentialId, "private"), (p) =>
        p.toString("utf8"),
      )
    : undefined;
  return use({ secretApiKey, privateApiKey });
}

export const shredOnRampSecrets = (db: DbOrTx, credentialId: string) =>
  deleteSecrets(db, [`${credentialId}:secret`, `${credentialId}:private`, `${credentialId}:webhook`]);
