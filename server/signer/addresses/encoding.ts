import { ECDH } from "node:crypto";
import { ripemd160 } from "@noble/hashes/legacy.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { createBase58check } from "@scure/base";
import { secp256k1Addon } from "../signing/secp256k1-addon";
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

/**
 * The 65-byte SEC1 uncompressed form (0x04 ‖ x ‖ y) of a compressed secp256k1 or P-256 key: a square
 * root modulo p, which every new Ethereum account's address needs. libsecp256k1's native addon takes
 * 14 µs for secp256k1 and OpenSSL 30-60 µs for either curve, against about 170 µs in JavaScript
 * (noble, used before). A key that is not a point on the curve throws.
 */
export function uncompressedPoint(curve: Curve, compressed: Uint8Array): Uint8Array {
  if (curve === "CURVE_SECP256K1" && secp256k1Addon) {
    return Uint8Array.from(secp256k1Addon.publicKeyConvert(compressed, false));
  }
  return new Uint8Array(
    ECDH.convertKey(
      compressed,
      curve === "CURVE_P256" ? "prime256v1" : "secp256k1",
      undefined,
      undefined,
      "uncompressed",
    ) as Buffer,
  );
}
