import { ed25519 } from "@noble/curves/ed25519.js";
import { p256 } from "@noble/curves/nist.js";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import type { ServerSigningKey } from "../crypto/server-signing-key";
import type { DbOrTx } from "../db/client";
import { exportBundle } from "./bundles";
import { SignerInputError } from "./errors";
import type { MasterKeyring } from "./keyring";
import { ed25519PublicKey } from "./signing/ed25519-native";
import type { Curve, KeyPair } from "./types";
import { storeNewSecrets, storeSecret, withSecret } from "./vault";

/** Standalone private keys inside the signer boundary: generated, sealed and used only here. */

export interface PrivateKeyRef {
  privateKeyId: string;
  organizationId: string;
}

const identity = (ref: PrivateKeyRef) => ({
  id: ref.privateKeyId,
  organizationId: ref.organizationId,
  kind: "PRIVATE_KEY" as const,
});

/** Public key as the API stores it: compressed SEC1 for the ECDSA curves, 32 bytes for ed25519. */
export function publicKeyOf(curve: Curve, privateKey: Uint8Array): Uint8Array {
  switch (curve) {
    case "CURVE_SECP256K1":
      return secp256k1.getPublicKey(privateKey, true);
    case "CURVE_P256":
      return p256.getPublicKey(privateKey, true);
    case "CURVE_ED25519":
      return ed25519PublicKey(privateKey);
  }
}

function randomPrivateKey(curve: Curve): Uint8Array {
  switch (curve) {
    case "CURVE_SECP256K1":
      return secp256k1.utils.randomSecretKey();
    case "CURVE_P256":
      return p256.utils.randomSecretKey();
    case "CURVE_ED25519":
      return ed25519.utils.randomSecretKey();
  }
}

function checkPrivateKey(curve: Curve, privateKey: Uint8Array): void {
  const valid =
    privateKey.length === 32 &&
    (curve === "CURVE_ED25519" ||
      (curve === "CURVE_SECP256K1" ? secp256k1 : p256).utils.isValidSecretKey(privateKey));
  if (!valid) {
    throw new SignerInputError(
      `encryptedBundle: the decrypted key is not a valid ${curve} private key (expected 32 bytes in range)`,
    );
  }
}

/** Fresh keys, sealed in one statement; returns their public keys in the order asked. */
export async function createPrivateKeySecrets(
  db: DbOrTx,
  keyring: MasterKeyring,
  keys: { ref: PrivateKeyRef; curve: Curve }[],
  now: Date,
): Promise<Uint8Array[]> {
  const generated = keys.map(({ ref, curve }) => ({
    identity: identity(ref),
    plaintext: randomPrivateKey(curve),
  }));
  try {
    const publicKeys = generated.map(({ plaintext }, i) => publicKeyOf(keys[i]!.curve, plaintext));
    await storeNewSecrets(db, keyring, generated, now);
    return publicKeys;
  } finally {
    for (const { plaintext } of generated) plaintext.fill(0);
  }
}

/** Seal an imported key (as decrypted from the client's bundle; zeroed by the caller). */
export async function importPrivateKeySecret(
  db: DbOrTx,
  keyring: MasterKeyring,
  ref: PrivateKeyRef,
  curve: Curve,
  privateKey: Uint8Array,
  now: Date,
): Promise<Uint8Array> {
  checkPrivateKey(curve, privateKey);
  const publicKey = publicKeyOf(curve, privateKey);
  await storeSecret(db, keyring, identity(ref), privateKey, now);
  return publicKey;
}

export function withPrivateKey<T>(
  db: DbOrTx,
  keyring: MasterKeyring,
  ref: PrivateKeyRef,
  curve: Curve,
  use: (pair: KeyPair) => T | Promise<T>,
): Promise<T> {
  return withSecret(db, keyring, identity(ref), (privateKey) =>
    use({ curve, privateKey, publicKey: publicKeyOf(curve, privateKey) }),
  );
}

export function exportPrivateKeyBundle(
  db: DbOrTx,
  keyring: MasterKeyring,
  serverKey: ServerSigningKey,
  ref: PrivateKeyRef,
  targetPublicKey: string,
): Promise<string> {
  return withSecret(db, keyring, identity(ref), (privateKey) =>
    exportBundle(serverKey, ref.organizationId, targetPublicKey, privateKey),
  );
}
