import { p256 } from "@noble/curves/nist.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import type { Curve, RawSignature } from "../types";
import { secp256k1Sign } from "./secp256k1-sign";

export type EcdsaCurve = Exclude<Curve, "CURVE_ED25519">;

/**
 * ECDSA over a 32-byte digest the caller already computed. Deterministic (RFC 6979, no extra
 * entropy) and low-S on both curves: Ethereum requires low-S for secp256k1, and noble's verifiers
 * refuse high-S by default, so a low-S P-256 signature verifies everywhere. `v` is the recovery id
 * ("00"/"01"), which @turnkey/viem and @turnkey/ethers turn into 27/28 themselves.
 */
export function signDigest(curve: EcdsaCurve, privateKey: Uint8Array, digest: Uint8Array): RawSignature {
  const { signature, recoveryId } =
    curve === "CURVE_SECP256K1" ? secp256k1Sign(privateKey, digest) : signP256(privateKey, digest);
  return {
    r: bytesToHex(signature.subarray(0, 32)),
    s: bytesToHex(signature.subarray(32, 64)),
    v: recoveryId.toString(16).padStart(2, "0"),
  };
}

function signP256(privateKey: Uint8Array, digest: Uint8Array) {
  // "recovered" lays the signature out as recovery byte ‖ r (32) ‖ s (32).
  const recovered = p256.sign(digest, privateKey, { prehash: false, lowS: true, format: "recovered" });
  return { signature: recovered.subarray(1), recoveryId: recovered[0]! };
}
