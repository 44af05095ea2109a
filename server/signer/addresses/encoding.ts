import { p256 } from "@noble/curves/nist.js";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { ripemd160 } from "@noble/hashes/legacy.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { createBase58check } from "@scure/base";
import type { Curve } from "../types";

/** Byte helpers several chain families share. */

export const hex = bytesToHex;

/** RIPEMD160(SHA256(x)): Bitcoin's HASH160, also Cosmos and XRP account ids. */
export function hash160(data: Uint8Array): Uint8Array {
  return ripemd160(sha256(data));
}

/** Base58 with a 4-byte double-SHA256 checksum, Bitcoin alphabet. */
export const base58check = createBase58check(sha256);

/** version ‖ payload in Base58Check (P2PKH, P2SH, Dogecoin, Tron). */
export function versioned(version: number, payload: Uint8Array): string {
  const bytes = new Uint8Array(1 + payload.length);
  bytes[0] = version;
  bytes.set(payload, 1);
  return base58check.encode(bytes);
}

/** The 65-byte SEC1 uncompressed form (0x04 ‖ x ‖ y) of a compressed secp256k1 or P-256 key. */
export function uncompressedPoint(curve: Curve, compressed: Uint8Array): Uint8Array {
  const Point = curve === "CURVE_P256" ? p256.Point : secp256k1.Point;
  return Point.fromBytes(compressed).toBytes(false);
}
