import { bytesToNumberBE, concatBytes, numberToBytesBE } from "@noble/curves/utils.js";
import { hmac } from "@noble/hashes/hmac.js";
import { sha512 } from "@noble/hashes/sha2.js";
import { SignerInputError } from "../errors";
import type { Slip10Curve } from "./curves";
import { HARDENED_OFFSET } from "./path";

/**
 * SLIP-10 private derivation (https://github.com/satoshilabs/slips/blob/master/slip-0010.md),
 * which for secp256k1 is BIP-32. Buffers this module allocates are zeroed once used; the
 * bigint scalars of the Weierstrass arithmetic cannot be wiped (a limit of JavaScript).
 */
export interface ExtendedPrivateKey {
  privateKey: Uint8Array;
  chainCode: Uint8Array;
}

export function masterKey(curve: Slip10Curve, seed: Uint8Array): ExtendedPrivateKey {
  let digest = hmac(sha512, curve.masterHmacKey, seed);
  for (;;) {
    const node = split(digest);
    if (curve.order === null || isValidScalar(node.privateKey, curve.order)) {
      digest.fill(0);
      return node;
    }
    wipe(node);
    if (curve.onInvalidScalar === "reject") {
      digest.fill(0);
      throw new SignerInputError("seed: yields an invalid BIP-32 master key; use another seed");
    }
    // SLIP-10: repeat with the previous HMAC output as the seed.
    const next = hmac(sha512, curve.masterHmacKey, digest);
    digest.fill(0);
    digest = next;
  }
}

/** CKDpriv for one child number (already offset by 2^31 when hardened). */
export function childKey(curve: Slip10Curve, parent: ExtendedPrivateKey, index: number): ExtendedPrivateKey {
  const hardened = index >= HARDENED_OFFSET;
  if (!hardened && curve.order === null) {
    throw new SignerInputError("path: ed25519 supports hardened derivation only");
  }
  const indexBytes = ser32(index);
  const data = hardened
    ? concatBytes(Uint8Array.of(0), parent.privateKey, indexBytes)
    : concatBytes(curve.publicKey(parent.privateKey), indexBytes);
  let digest = hmac(sha512, parent.chainCode, data);
  data.fill(0);
  if (curve.order === null) {
    const node = split(digest);
    digest.fill(0);
    return node;
  }
  const order = curve.order;
  const parentScalar = bytesToNumberBE(parent.privateKey);
  for (;;) {
    const tweak = bytesToNumberBE(digest.subarray(0, 32));
    const childScalar = (tweak + parentScalar) % order;
    if (tweak < order && childScalar !== 0n) {
      const node = { privateKey: numberToBytesBE(childScalar, 32), chainCode: digest.slice(32) };
      digest.fill(0);
      return node;
    }
    if (curve.onInvalidScalar === "reject") {
      digest.fill(0);
      throw new SignerInputError(
        `path: child ${index} yields an invalid BIP-32 key (a chance below 2^-127); use the next index`,
      );
    }
    // SLIP-10: I = HMAC-SHA512(c_par, 0x01 || I_R || ser32(i)), then check again.
    const retry = concatBytes(Uint8Array.of(1), digest.subarray(32), indexBytes);
    digest.fill(0);
    digest = hmac(sha512, parent.chainCode, retry);
    retry.fill(0);
  }
}

export function wipe(node: ExtendedPrivateKey): void {
  node.privateKey.fill(0);
  node.chainCode.fill(0);
}

function split(digest: Uint8Array): ExtendedPrivateKey {
  return { privateKey: digest.slice(0, 32), chainCode: digest.slice(32) };
}

function isValidScalar(bytes: Uint8Array, order: bigint): boolean {
  const scalar = bytesToNumberBE(bytes);
  return scalar !== 0n && scalar < order;
}

function ser32(index: number): Uint8Array {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, index, false);
  return bytes;
}
