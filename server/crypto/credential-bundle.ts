import { p256 } from "@noble/curves/nist.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { createBase58check } from "@scure/base";
import { hpkeSeal } from "./hpke";

const base58check = createBase58check(sha256);

/**
 * A credential bundle as `decryptCredentialBundle` in @turnkey/crypto opens it (read-write
 * sessions, email and OTP auth): bs58check(compressed enc, 33 bytes ‖ HPKE ciphertext) of `secret`
 * (a 32-byte P-256 private key), encrypted to the client's target key.
 */
export function encryptCredentialBundle(targetPublicKey: Uint8Array, secret: Uint8Array): string {
  const { encappedPublicKey, ciphertext } = hpkeSeal(targetPublicKey, secret);
  const compressedEnc = p256.Point.fromBytes(encappedPublicKey).toBytes(true);
  const payload = new Uint8Array(compressedEnc.length + ciphertext.length);
  payload.set(compressedEnc, 0);
  payload.set(ciphertext, compressedEnc.length);
  return base58check.encode(payload);
}
