import { createPrivateKey, createPublicKey, hkdfSync, type KeyObject, sign, verify } from "node:crypto";
import { p256 } from "@noble/curves/nist.js";

export interface ServerSigningKey {
  /** Uncompressed P-256 public key, hex: what clients pin to verify sessions and bundles. */
  publicKeyHex: string;
  /** ECDSA P-256 over SHA-256 of `data`, raw r‖s (64 bytes). */
  signRaw(data: Uint8Array): Buffer;
  /** ECDSA P-256 over SHA-256 of `data`, ASN.1 DER. */
  signDer(data: Uint8Array): Buffer;
  /**
   * True when `signature` (raw r‖s) is this key's signature of `data`, as `signRaw` makes it: how
   * the server recognises its own session JWTs when a client hands one back (X-Session).
   */
  verifyRaw(data: Uint8Array, signature: Uint8Array): boolean;
}

const N = p256.Point.CURVE().n;

/**
 * The installation's first server signing key, derived from the master key it started with. It is
 * then kept sealed in the database (server/signer/server-key-store.ts), so that rotating the master
 * key later does not change the key clients have pinned.
 */
export function deriveServerSigningScalar(masterKey: Buffer): Buffer {
  const okm = Buffer.from(hkdfSync("sha256", masterKey, "latchkey", "server signing key v1", 48));
  const scalar = (BigInt(`0x${okm.toString("hex")}`) % (N - 1n)) + 1n;
  okm.fill(0);
  return Buffer.from(scalar.toString(16).padStart(64, "0"), "hex");
}

export function deriveServerSigningKey(masterKey: Buffer): ServerSigningKey {
  const d = deriveServerSigningScalar(masterKey);
  try {
    return serverSigningKeyFrom(d);
  } finally {
    d.fill(0);
  }
}

/** The signing key for a P-256 private scalar (32 bytes); the scalar is copied into a KeyObject. */
export function serverSigningKeyFrom(d: Buffer): ServerSigningKey {
  const pub = Buffer.from(p256.getPublicKey(d, false));
  const jwk = {
    kty: "EC",
    crv: "P-256",
    d: d.toString("base64url"),
    x: pub.subarray(1, 33).toString("base64url"),
    y: pub.subarray(33, 65).toString("base64url"),
  };
  const key: KeyObject = createPrivateKey({ key: jwk, format: "jwk" });
  const publicKey = createPublicKey(key);
  return {
    publicKeyHex: pub.toString("hex"),
    signRaw: (data) => sign("sha256", data, { key, dsaEncoding: "ieee-p1363" }),
    signDer: (data) => sign("sha256", data, { key, dsaEncoding: "der" }),
    verifyRaw: (data, signature) => {
      // ieee-p1363 insists on 64 bytes; anything else is simply not our signature.
      if (signature.length !== 64) return false;
      return verify("sha256", data, { key: publicKey, dsaEncoding: "ieee-p1363" }, signature);
    },
  };
}
