import { createECDH } from "node:crypto";

/**
 * Compressed SEC1 public key of a secp256k1 or P-256 scalar through OpenSSL. Derivation computes
 * one per non-hardened level plus the final key: for P-256 OpenSSL's optimised curve code is the
 * fastest there is here (25 µs); for secp256k1 its generic code is not (369 µs), and derivation uses
 * libsecp256k1 instead (secp256k1-public-key.ts).
 */
export function nativeCompressedPublicKey(
  curve: "secp256k1" | "prime256v1",
  privateKey: Uint8Array,
): Uint8Array {
  const ecdh = createECDH(curve);
  ecdh.setPrivateKey(privateKey);
  return new Uint8Array(ecdh.getPublicKey(null, "compressed"));
}
