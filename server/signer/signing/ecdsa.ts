import { p256 } from "@noble/curves/nist.js";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import type { Curve, RawSignature } from "../types";

export type EcdsaCurve = Exclude<Curve, "CURVE_ED25519">;

const CURVES = { CURVE_SECP256K1: secp256k1, CURVE_P256: p256 } as const;

/**
 * ECDSA over a 32-byte digest the caller already computed. Deterministic (RFC 6979, no extra
 * entropy) and low-S on both curves: Ethereum requires low-S for secp256k1, and noble's verifiers
 * refuse high-S by default, so a low-S P-256 signature verifies everywhere. `v` is the recovery id
 * ("00"/"01"), which @turnkey/viem and @turnkey/ethers turn into 27/28 themselves.
 */
export function signDigest(curve: EcdsaCurve, privateKey: Uint8Array, digest: Uint8Array): RawSignature {
  // "recovered" lays the signature out as recovery byte ‖ r (32) ‖ s (32).
  const recovered = CURVES[curve].sign(digest, privateKey, {
    prehash: false,
    lowS: true,
    format: "recovered",
  });
  return {
    r: bytesToHex(recovered.subarray(1, 33)),
    s: bytesToHex(recovered.subarray(33, 65)),
    v: recovered[0]!.toString(16).padStart(2, "0"),
  };
}
