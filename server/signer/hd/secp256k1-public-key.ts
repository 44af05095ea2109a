import { pointFromScalar } from "tiny-secp256k1";
import { type Secp256k1Addon, secp256k1Addon, withOffHeapKey } from "../signing/secp256k1-addon";

/** The compressed SEC1 public key (33 bytes) of a secp256k1 scalar in [1, n); anything else throws. */
export type Secp256k1PublicKey = (privateKey: Uint8Array) => Uint8Array;

/**
 * libsecp256k1 compiled to WebAssembly (tiny-secp256k1), which zeroes its copy of the key before
 * it returns: three times faster than OpenSSL's generic curve code for secp256k1 (126 against 369
 * µs here), which BIP-32 derivation used before.
 */
export const wasmSecp256k1PublicKey: Secp256k1PublicKey = (privateKey) => {
  const point = pointFromScalar(privateKey, true);
  if (!point) throw new Error("not a secp256k1 private key: the scalar is outside [1, n)");
  return point;
};

/** The native addon (secp256k1-addon.ts): 42 µs, the key handed over off the JavaScript heap. */
export const nativeSecp256k1PublicKey: Secp256k1PublicKey | undefined =
  secp256k1Addon && nativePublicKey(secp256k1Addon);

function nativePublicKey(addon: Secp256k1Addon): Secp256k1PublicKey {
  return (privateKey) =>
    withOffHeapKey(privateKey, (key) => Uint8Array.from(addon.publicKeyCreate(key, true)));
}

/**
 * What BIP-32 derivation computes once per non-hardened level and once for the account's own key:
 * three times per Ethereum account (m/44'/60'/0'/0/i). Both builds give the same bytes as OpenSSL
 * and @noble/curves (secp256k1-public-key.test.ts).
 */
export const secp256k1PublicKey: Secp256k1PublicKey = nativeSecp256k1PublicKey ?? wasmSecp256k1PublicKey;
