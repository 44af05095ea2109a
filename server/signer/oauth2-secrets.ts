import { createHmac } from "node:crypto";
import { p256 } from "@noble/curves/nist.js";
import { openAesGcm } from "../crypto/aes-gcm-open";
import type { DbOrTx } from "../db/client";
import { installationKeyPublic } from "./installation-key";
import type { MasterKeyring } from "./keyring";
import { deleteSecrets, storeSecret, withSecret } from "./vault";

/**
 * OAuth 2.0 client secrets. Turnkey's clients encrypt them to its "TLS fetcher" quorum key with
 * @turnkey/crypto's `encryptOauth2ClientSecret(secret, publicKey)`: QOS's P-256 quorum encryption
 * (ECDH with an ephemeral key, HMAC-SHA512 key derivation, AES-256-GCM), a Borsh envelope, hex.
 * Against Latchkey they pass this installation's key instead (get_oauth2_encryption_key: a P-256
 * key made once, sealed like any key, published uncompressed). Latchkey opens the envelope once,
 * when the credential is created or updated, and seals the plaintext under the credential's id;
 * only the code exchange (oauth2_authenticate) sees it again, inside `withOauth2ClientSecret`.
 */

const ENCRYPTION_KEY = {
  id: "oauth2-encryption-key",
  organizationId: null,
  kind: "OAUTH2_ENCRYPTION_KEY" as const,
};
/** "qos_encryption_hmac_message", QOS's fixed HMAC input (qos_p256/src/encrypt.rs). */
const HMAC_MESSAGE = Buffer.from("qos_encryption_hmac_message", "utf8");
const NONCE_BYTES = 12;
const POINT_BYTES = 65;

/** The client's mistake: a ciphertext that is not encryptOauth2ClientSecret's, or not to this key. */
export class Oauth2SecretError extends Error {}

/** The OAuth 2.0 encryption key's public half, made on first use: uncompressed SEC1, hex. */
export function oauth2EncryptionPublicKey(db: DbOrTx, keyring: MasterKeyring, now: Date): Promise<string> {
  return installationKeyPublic(db, keyring, now, ENCRYPTION_KEY, { compressed: false });
}

/** QOS envelope: nonce (12) ‖ ephemeral sender key (65) ‖ u32 LE length ‖ AES-GCM ciphertext and tag. */
function parseEnvelope(hex: string, field: string) {
  if (!/^([0-9a-fA-F]{2})+$/.test(hex)) {
    throw new Oauth2SecretError(`${field} must be hex, as encryptOauth2ClientSecret writes it`);
  }
  const bytes = Buffer.from(hex, "hex");
  const head = NONCE_BYTES + POINT_BYTES + 4;
  if (bytes.length < head + 16 || bytes.readUInt32LE(NONCE_BYTES + POINT_BYTES) !== bytes.length - head) {
    throw new Oauth2SecretError(`${field} is not an encryptOauth2ClientSecret envelope`);
  }
  return {
    nonce: bytes.subarray(0, NONCE_BYTES),
    sender: bytes.subarray(NONCE_BYTES, NONCE_BYTES + POINT_BYTES),
    sealed: bytes.subarray(head),
  };
}

function quorumOpen(privateKey: Uint8Array, hex: string, field: string): Buffer {
  const { nonce, sender, sealed } = parseEnvelope(hex, field);
  const refused = () =>
    new Oauth2SecretError(
      `${field} does not decrypt with this server's OAuth 2.0 encryption key (get_oauth2_encryption_key)`,
    );
  let point: Uint8Array;
  try {
    point = p256.getSharedSecret(privateKey, sender, false);
  } catch {
    throw refused();
  }
  const shared = point.subarray(1, 33);
  const receiver = p256.getPublicKey(privateKey, false);
  const keyMaterial = Buffer.concat([sender, receiver, shared]);
  const key = createHmac("sha512", keyMaterial).update(HMAC_MESSAGE).digest().subarray(0, 32);
  // The shared point and what was hashed from it are the key's makings: wiped, as the key is below.
  keyMaterial.fill(0);
  point.fill(0);
  const aad = Buffer.concat([sender, Buffer.from([sender.length]), receiver, Buffer.from([receiver.length])]);
  let plaintext: Buffer | undefined;
  try {
    plaintext = openAesGcm(
      key,
      nonce,
      aad,
      sealed.subarray(0, sealed.length - 16),
      sealed.subarray(sealed.length - 16),
    );
  } catch {
    throw refused();
  } finally {
    key.fill(0);
  }
  if (!plaintext) throw refused();
  return plaintext;
}

const identity = (organizationId: string, credentialId: string) => ({
  id: `${credentialId}:client-secret`,
  organizationId,
  kind: "OAUTH2_CLIENT_SECRET" as const,
});

/** Open the client's envelope with the OAuth 2.0 key and seal the secret under the credential. */
export async function sealOauth2ClientSecret(
  db: DbOrTx,
  keyring: MasterKeyring,
  organizationId: string,
  credentialId: string,
  encryptedClientSecret: string,
  now: Date,
): Promise<void> {
  const field = "encryptedClientSecret";
  // Made on first use: a client that never asked for the key still gets a clear refusal.
  await oauth2EncryptionPublicKey(db, keyring, now);
  await withSecret(db, keyring, ENCRYPTION_KEY, async (key) => {
    const plaintext = quorumOpen(key, encryptedClientSecret, field);
    try {
      if (plaintext.length === 0) throw new Oauth2SecretError(`${field} holds an empty secret`);
      await storeSecret(db, keyring, identity(organizationId, credentialId), plaintext, now);
    } finally {
      plaintext.fill(0);
    }
  });
}

/** The credential's client secret, for the length of `use` (a string: keep `use` short). */
export function withOauth2ClientSecret<T>(
  db: DbOrTx,
  keyring: MasterKeyring,
  organizationId: string,
  credentialId: string,
  use: (secret: string) => Promise<T>,
): Promise<T> {
  return withSecret(db, keyring, identity(organizationId, credentialId), (p) => p.toString("utf8")).then(use);
}

export const shredOauth2ClientSecret = (db: DbOrTx, credentialId: string) =>
  deleteSecrets(db, [`${credentialId}:client-secret`]);
