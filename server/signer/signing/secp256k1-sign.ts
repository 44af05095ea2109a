import { randomBytes } from "node:crypto";
import { signRecoverable } from "tiny-secp256k1";

/** A recoverable secp256k1 signature: r ‖ s (64 bytes, low-S) and the recovery id (0 or 1). */
export interface RecoverableSignature {
  signature: Uint8Array;
  recoveryId: number;
}

export type Secp256k1Sign = (privateKey: Uint8Array, digest: Uint8Array) => RecoverableSignature;

interface NativeAddon {
  contextRandomize(seed: Uint8Array): void;
  ecdsaSign(digest: Uint8Array, privateKey: Uint8Array): { signature: Uint8Array; recid: number };
}

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
 * The same library as a native addon (the `secp256k1` package's prebuilt binary for this platform):
 * about three times faster than the WebAssembly build (50 against 160 µs a signature here). Loaded
 * through `secp256k1/bindings`, never the package's main entry, which falls back to a JavaScript
 * implementation (elliptic) when the binary does not load; here that case falls back to the
 * WebAssembly build instead. Resolved at run time through node:module, so a bundler leaves the addon
 * where npm put it.
 *
 * Two things the WebAssembly build does by itself are done here: its context is blinded with 32
 * random bytes, which libsecp256k1 uses to mask its signing arithmetic against timing and power side
 * channels; and the key is copied into a buffer of its own outside the JavaScript heap, zeroed after
 * the call. Handed a small Uint8Array that lives in V8's heap, a native call makes V8 move its bytes
 * out and leave the old ones behind as garbage nobody zeroes.
 */
function loadNative(): Secp256k1Sign | undefined {
  let addon: NativeAddon;
  try {
    const { createRequire } = process.getBuiltinModule("node:module");
    addon = createRequire(import.meta.url)("secp256k1/bindings") as NativeAddon;
    addon.contextRandomize(randomBytes(32));
  } catch {
    return undefined;
  }
  return (privateKey, digest) => {
    const key = Buffer.allocUnsafeSlow(32);
    try {
      if (privateKey.length !== 32)
        throw new Error(`a secp256k1 private key is 32 bytes, got ${privateKey.length}`);
      key.set(privateKey);
      const { signature, recid } = addon.ecdsaSign(reducedDigest(digest), key);
      return { signature, recoveryId: recid };
    } finally {
      key.fill(0);
    }
  };
}

export const nativeSecp256k1Sign: Secp256k1Sign | undefined = loadNative();

/** Both give the same bytes (RFC 6979 nonces, low-S): signing-secp256k1-libraries.test.ts. */
export const secp256k1Sign: Secp256k1Sign = nativeSecp256k1Sign ?? wasmSecp256k1Sign;

/** Which build signs, for the startup log: a missing addon costs speed, never a signature. */
export const secp256k1Build = nativeSecp256k1Sign ? "native libsecp256k1" : "WebAssembly libsecp256k1";
