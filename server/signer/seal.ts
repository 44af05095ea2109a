import { createCipheriv, createHash, randomBytes } from "node:crypto";
import { openAesGcm } from "../crypto/aes-gcm-open";

/**
 * Envelope encryption for key material at rest: AES-256-GCM under a fresh data key per record,
 * the data key wrapped (AES-256-GCM again) by the master key. The record's identity is the
 * associated data of both layers, so swapping ciphertexts or wrapped keys between rows, or
 * relabelling a private key as a wallet, fails authentication instead of decrypting.
 */

export const SEAL_VERSION = 1;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export interface SealIdentity {
  id: string;
  /** Null for the installation's own secrets. */
  organizationId: string | null;
  kind: SecretKind;
}
export type SecretKind =
  | "WALLET_MNEMONIC"
  | "WALLET_ACCOUNT_KEY"
  | "PRIVATE_KEY"
  | "IMPORT_TARGET"
  | "SERVER_SIGNING_KEY"
  | "OTP_TARGET"
  | "EMAIL_BODY"
  | "ONRAMP_SECRET"
  | "ONRAMP_ENCRYPTION_KEY"
  | "OAUTH2_CLIENT_SECRET"
  | "OAUTH2_ENCRYPTION_KEY"
  | "SECRET"
  | "SECRET_IMPORT_TARGET";

export interface Sealed {
  ciphertext: string;
  wrappedDataKey: string;
  masterKeyId: string;
  version: number;
}

export class SealBrokenError extends Error {}

/** Short public name of a master key, stored beside each wrap so rotation can tell keys apart. */
export function masterKeyId(masterKey: Uint8Array): string {
  return createHash("sha256").update(masterKey).digest("hex").slice(0, 16);
}

function associatedData(identity: SealIdentity, layer: "data" | "wrap"): Buffer {
  return Buffer.from(
    JSON.stringify([
      "latchkey-seal",
      SEAL_VERSION,
      layer,
      identity.kind,
      identity.organizationId,
      identity.id,
    ]),
  );
}

function encrypt(key: Uint8Array, plaintext: Uint8Array, aad: Buffer): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, nonce);
  cipher.setAAD(aad);
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([nonce, body, cipher.getAuthTag()]).toString("base64");
}

function decrypt(key: Uint8Array, sealed: string, aad: Buffer): Buffer {
  const bytes = Buffer.from(sealed, "base64");
  if (bytes.length < NONCE_BYTES + TAG_BYTES) throw new SealBrokenError("sealed value is truncated");
  const plaintext = openAesGcm(
    key,
    bytes.subarray(0, NONCE_BYTES),
    aad,
    bytes.subarray(NONCE_BYTES, bytes.length - TAG_BYTES),
    bytes.subarray(bytes.length - TAG_BYTES),
  );
  if (!plaintext) {
    throw new SealBrokenError(
      "sealed value does not authenticate (wrong master key, or moved between records)",
    );
  }
  return plaintext;
}

export function seal(masterKey: Uint8Array, identity: SealIdentity, plaintext: Uint8Array): Sealed {
  const dataKey = randomBytes(32);
  try {
    return {
      ciphertext: encrypt(dataKey, plaintext, associatedData(identity, "data")),
      wrappedDataKey: encrypt(masterKey, dataKey, associatedData(identity, "wrap")),
      masterKeyId: masterKeyId(masterKey),
      version: SEAL_VERSION,
    };
  } finally {
    dataKey.fill(0);
  }
}

/** The plaintext; the caller zeroes it when done. */
export function unseal(masterKey: Uint8Array, identity: SealIdentity, sealed: Sealed): Buffer {
  if (sealed.version !== SEAL_VERSION) throw new SealBrokenError(`unknown seal version ${sealed.version}`);
  const dataKey = decrypt(masterKey, sealed.wrappedDataKey, associatedData(identity, "wrap"));
  try {
    return decrypt(dataKey, sealed.ciphertext, associatedData(identity, "data"));
  } finally {
    dataKey.fill(0);
  }
}

/** The same data key under a new master key; the ciphertext itself is untouched. */
export function rewrap(
  oldMaster: Uint8Array,
  newMaster: Uint8Array,
  identity: SealIdentity,
  sealed: Sealed,
): Pick<Sealed, "wrappedDataKey" | "masterKeyId"> {
  const dataKey = decrypt(oldMaster, sealed.wrappedDataKey, associatedData(identity, "wrap"));
  try {
    return {
      wrappedDataKey: encrypt(newMaster, dataKey, associatedData(identity, "wrap")),
      masterKeyId: masterKeyId(newMaster),
    };
  } finally {
    dataKey.fill(0);
  }
}

/** Whether `masterKey` unwraps this record's data key (which is wiped at once): a key check that decrypts no secret. */
export function unwrapsUnder(masterKey: Uint8Array, identity: SealIdentity, sealed: Sealed): boolean {
  try {
    decrypt(masterKey, sealed.wrappedDataKey, associatedData(identity, "wrap")).fill(0);
    return true;
  } catch {
    return false;
  }
}
