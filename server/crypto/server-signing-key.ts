import { createPrivateKey, hkdfSync, type KeyObject, sign } from "node:crypto";
import { p256 } from "@noble/curves/nist.js";

export interface ServerSigningKey {
  /** Uncompressed P-256 public key, hex: what clients pin to verify sessions and bundles. */
  publicKeyHex: string;
  /** ECDSA P-256 over SHA-256 of `data`, raw r‖s (64 bytes). */
  signRaw(data: Uint8Array): Buffer;
  /** ECDSA P-256 over SHA-256 of `data`, ASN.1 DER. */
  signDer(data: Uint8Array): Buffer;
}

const N = p256.Point.CURVE().n;

/**
 * The server's own signing key, derived from the master key so every instance that shares the
 * master key signs with the same key, and nothing extra has to be stored.
 */
export function deriveServerSigningKey(masterKey: Buffer): ServerSigningKey {
  const okm = Buffer.from(hkdfSync("sha256", masterKey, "latchkey", "server signing key v1", 48));
  const scalar = (BigInt(`0x${okm.toString("hex")}`) % (N - 1n)) + 1n;
  const d = Buffer.from(scalar.toString(16).padStart(64, "0"), "hex");
  const pub = Buffer.from(p256.getPublicKey(d, false));
  const jwk = {
    kty: "EC",
    crv: "P-256",
    d: d.toString("base64url"),
    x: pub.subarray(1, 33).toString("base64url"),
    y: pub.subarray(33, 65).toString("base64url"),
  };
  const key: KeyObject = createPrivateKey({ key: jwk, format: "jwk" });
  return {
    publicKeyHex: pub.toString("hex"),
    signRaw: (data) => sign("sha256", data, { key, dsaEncoding: "ieee-p1363" }),
    signDer: (data) => sign("sha256", data, { key, dsaEncoding: "der" }),
  };
}
