import { signRecoverable } from "tiny-secp256k1";
import { type Secp256k1Addon, secp256k1Addon, withOffHeapKey } from "./secp256k1-addon";

/** A recoverable secp256k1 signature: r ‖ s (64 bytes, low-S) and the recovery id (0 or 1). */
export interface RecoverableSignature {
  signature: Uint8Array;
  recoveryId: number;
}

export type Secp256k1Sign = (privateKey: Uint8Array, digest: Uint8Array) => RecoverableSignature;

/**
 * libsecp256k1 (Bitcoin Core's library) compiled to WebAssembly by tiny-secp256k1: it copies the
 * key into its own memory for the call and zeroes that copy before it returns.
 */
export const wasmSecp256k1Sign: Secp256k1Sign = (privateKey, digest) => signRecoverable(digest, privateKey);

/** The group order n of secp256k1, big-endian. */
const ORDER = Buffer.from("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141", "hex");

/**
 * The digest modulo n. ECDSA only ever uses the digest modulo n, and RFC 6979 derives the nonce
 * from it reduced too; the libsecp256k1 release inside the addon (older than the WebAssembly one)
 * feeds the nonce the unreduced digest, so for a digest ≥ n — one a caller can choose with
 * HASH_FUNCTION_NO_OP — it would sign with another nonce than RFC 6979's. Reduced first, both builds
 * give the same bytes. A 32-byte digest is below 2n: one subtraction reduces it.
 */
function reducedDigest(digest: Uint8Array): Uint8Array {
  if (digest.length !== 32 || Buffer.compare(digest, ORDER) < 0) return digest;
  const reduced = BigInt(`0x${Buffer.from(digest).toString("hex")}`) - BigInt(`0x${ORDER.toString("hex")}`);
  return Uint8Array.from(Buffer.from(reduced.toString(16).padStart(64, "0"), "hex"));
}

/**
 * The same library as a native addon (secp256k1-addon.ts): about three times faster than the
 * WebAssembly build (50 against 160 µs a signature here), the key handed over off the JavaScript heap.
 */
function nativeSign(addon: Secp256k1Addon): Secp256k1Sign {
  return (privateKey, digest) =>
    withOffHeapKey(privateKey, (key) => {
      const { signature, recid } = addon.ecdsaSign(reducedDigest(digest), key);
      return { signature, recoveryId: recid };
    });
}

export const nativeSecp256k1Sign: Secp256k1Sign | undefined = secp256k1Addon && nativeSign(secp256k1Addon);

/** Both give the same bytes (RFC 6979 nonces, low-S): signing-secp256k1-libraries.test.ts. */
export const secp256k1Sign: Secp256k1Sign = nativeSecp256k1Sign ?? wasmSecp256k1Sign;

/** Which build signs, for the startup log: a missing addon costs speed, never a signature. */
export const secp256k1Build = nativeSecp256k1Sign ? "native libsecp256k1" : "WebAssembly libsecp256k1";
