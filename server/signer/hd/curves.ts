import { p256 } from "@noble/curves/nist.js";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { ed25519PublicKey } from "../signing/ed25519-native";
import type { Curve } from "../types";
import { nativeCompressedPublicKey } from "./native-public-key";
import { secp256k1PublicKey } from "./secp256k1-public-key";

/**
 * What SLIP-10 needs to know about a curve. The three differ only in the HMAC key of the master
 * node, the group order (none for ed25519, whose derived bytes are used as they are), how the
 * public key is serialised, and what happens on the ~2^-127 chance of an invalid scalar.
 */
export interface Slip10Curve {
  /** HMAC-SHA512 key that turns a seed into the master node. */
  masterHmacKey: Uint8Array;
  /** Group order n for Weierstrass curves; null for ed25519 (no arithmetic, hardened only). */
  order: bigint | null;
  /**
   * What to do when a scalar falls outside [1, n): "retry" re-hashes as SLIP-10 specifies;
   * "reject" follows BIP-32, which declares that seed or index unusable.
   */
  onInvalidScalar: "retry" | "reject";
  /** The public key as KeyPair carries it: SEC1 compressed, or raw 32 bytes for ed25519. */
  publicKey(privateKey: Uint8Array): Uint8Array;
}

const ascii = (text: string) => new TextEncoder().encode(text);

export const SLIP10_CURVES: Record<Curve, Slip10Curve> = {
  CURVE_SECP256K1: {
    masterHmacKey: ascii("Bitcoin seed"),
    order: secp256k1.Point.Fn.ORDER,
    onInvalidScalar: "reject",
    publicKey: secp256k1PublicKey,
  },
  CURVE_P256: {
    masterHmacKey: ascii("Nist256p1 seed"),
    order: p256.Point.Fn.ORDER,
    onInvalidScalar: "retry",
    publicKey: (privateKey) => nativeCompressedPublicKey("prime256v1", privateKey),
  },
  CURVE_ED25519: {
    masterHmacKey: ascii("ed25519 seed"),
    order: null,
    onInvalidScalar: "retry",
    publicKey: (privateKey) => ed25519PublicKey(privateKey),
  },
};
