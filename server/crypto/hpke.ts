import { createCipheriv } from "node:crypto";
import { p256 } from "@noble/curves/nist.js";
import { expand, extract } from "@noble/hashes/hkdf.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { openAesGcm } from "./aes-gcm-open";

/**
 * HPKE (RFC 9180) base mode, single-shot, exactly as Turnkey's clients (@turnkey/crypto) speak it:
 * DHKEM(P-256, HKDF-SHA256), HKDF-SHA256, AES-256-GCM, info "turnkey_hpke". One departure from
 * the RFC's API, which Turnkey made and we must match: the AEAD's associated data is not chosen by
 * the caller but is always enc ‖ pkR (both uncompressed), binding the ciphertext to both keys.
 * Credential bundles, export bundles and import bundles are all built on this.
 */

export interface HpkeCiphertext {
  /** The sender's ephemeral public key (enc), uncompressed SEC1: 65 bytes. */
  encappedPublicKey: Uint8Array;
  /** AES-256-GCM output: ciphertext ‖ 16-byte tag. */
  ciphertext: Uint8Array;
}

/** A key that is not a P-256 point, or a ciphertext that does not authenticate. */
export class HpkeError extends Error {
  override name = "HpkeError";
}

const KEM_ID = 0x0010; // DHKEM(P-256, HKDF-SHA256)
const KDF_ID = 0x0001; // HKDF-SHA256
const AEAD_ID = 0x0002; // AES-256-GCM
const MODE_BASE = 0x00;
const KEY_BYTES = 32;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const INFO = "turnkey_hpke";

const utf8 = (text: string) => new TextEncoder().encode(text);
const u16 = (n: number) => new Uint8Array([n >> 8, n & 0xff]);

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

const HPKE_V1 = utf8("HPKE-v1");
const KEM_SUITE = concat(utf8("KEM"), u16(KEM_ID));
const HPKE_SUITE = concat(utf8("HPKE"), u16(KEM_ID), u16(KDF_ID), u16(AEAD_ID));

function labeledExtract(suite: Uint8Array, salt: Uint8Array, label: string, ikm: Uint8Array) {
  return extract(sha256, concat(HPKE_V1, suite, utf8(label), ikm), salt);
}

function labeledExpand(suite: Uint8Array, prk: Uint8Array, label: string, info: Uint8Array, length: number) {
  return expand(sha256, prk, concat(u16(length), HPKE_V1, suite, utf8(label), info), length);
}

const EMPTY = new Uint8Array(0);

/** mode ‖ psk_id_hash ‖ info_hash: the same for every message, since mode, PSK and info never vary. */
const KEY_SCHEDULE_CONTEXT = concat(
  new Uint8Array([MODE_BASE]),
  labeledExtract(HPKE_SUITE, EMPTY, "psk_id_hash", EMPTY),
  labeledExtract(HPKE_SUITE, EMPTY, "info_hash", utf8(INFO)),
);

/** Parse any SEC1 encoding of a P-256 point (refusing anything off the curve); return it uncompressed. */
function uncompressedPoint(bytes: Uint8Array, what: string): Uint8Array {
  try {
    return p256.Point.fromBytes(bytes).toBytes(false);
  } catch {
    throw new HpkeError(`${what} is not a P-256 public key`);
  }
}

/** The AEAD key and nonce for one message, from the DH secret and both public keys (uncompressed). */
function keySchedule(dh: Uint8Array, enc: Uint8Array, pkR: Uint8Array) {
  const eaePrk = labeledExtract(KEM_SUITE, EMPTY, "eae_prk", dh);
  const sharedSecret = labeledExpand(KEM_SUITE, eaePrk, "shared_secret", concat(enc, pkR), KEY_BYTES);
  const secret = labeledExtract(HPKE_SUITE, sharedSecret, "secret", EMPTY);
  const key = labeledExpand(HPKE_SUITE, secret, "key", KEY_SCHEDULE_CONTEXT, KEY_BYTES);
  const nonce = labeledExpand(HPKE_SUITE, secret, "base_nonce", KEY_SCHEDULE_CONTEXT, NONCE_BYTES);
  for (const intermediate of [eaePrk, sharedSecret, secret]) intermediate.fill(0);
  return { key, nonce };
}

/** x-coordinate of skX·pkY: the DHKEM(P-256) Diffie-Hellman output. */
function diffieHellman(secretKey: Uint8Array, publicKey: Uint8Array): Uint8Array {
  const point = p256.getSharedSecret(secretKey, publicKey, true);
  const x = point.slice(1);
  point.fill(0);
  return x;
}

/** Encrypt `plaintext` to a P-256 public key (any SEC1 encoding; 65-byte uncompressed is what clients send). */
export function hpkeSeal(recipientPublicKey: Uint8Array, plaintext: Uint8Array): HpkeCiphertext {
  const pkR = uncompressedPoint(recipientPublicKey, "recipient public key");
  const { secretKey: skE, publicKey } = p256.keygen();
  const enc = p256.Point.fromBytes(publicKey).toBytes(false);
  const dh = diffieHellman(skE, pkR);
  skE.fill(0);
  const { key, nonce } = keySchedule(dh, enc, pkR);
  dh.fill(0);
  try {
    const cipher = createCipheriv("aes-256-gcm", key, nonce, { authTagLength: TAG_BYTES });
    cipher.setAAD(concat(enc, pkR));
    const ciphertext = concat(cipher.update(plaintext), cipher.final(), cipher.getAuthTag());
    return { encappedPublicKey: enc, ciphertext };
  } finally {
    key.fill(0);
  }
}

/** Decrypt what `hpkeSeal` (or @turnkey/crypto's hpkeEncrypt) produced for this private key. */
export function hpkeOpen(recipientPrivateKey: Uint8Array, sealed: HpkeCiphertext): Uint8Array {
  const enc = uncompressedPoint(sealed.encappedPublicKey, "encapsulated public key");
  if (sealed.ciphertext.length < TAG_BYTES) throw new HpkeError("ciphertext is shorter than its tag");
  let pkR: Uint8Array;
  try {
    pkR = p256.getPublicKey(recipientPrivateKey, false);
  } catch {
    throw new HpkeError("recipient private key is not a P-256 private key");
  }
  const dh = diffieHellman(recipientPrivateKey, enc);
  const { key, nonce } = keySchedule(dh, enc, pkR);
  dh.fill(0);
  const body = sealed.ciphertext.subarray(0, sealed.ciphertext.length - TAG_BYTES);
  const tag = sealed.ciphertext.subarray(sealed.ciphertext.length - TAG_BYTES);
  // The plaintext is usually a private key: openAesGcm leaves it in one buffer, wiped if the tag fails.
  let plaintext: Uint8Array | undefined;
  try {
    plaintext = openAesGcm(key, nonce, concat(enc, pkR), body, tag);
  } finally {
    key.fill(0);
  }
  if (!plaintext) throw new HpkeError("ciphertext does not authenticate for this key");
  return plaintext;
}
