import { p256 } from "@noble/curves/nist.js";
import { hexToBytes } from "@noble/curves/utils.js";
import { compressP256, toBase64Url, toHex } from "./encoding";
import type { SessionKey } from "./session-key";

/** True for 64 hex characters that make a valid P-256 private key (1 ≤ d < n). */
export function isP256PrivateKeyHex(hex: string): boolean {
  return /^[0-9a-fA-F]{64}$/.test(hex) && p256.utils.isValidSecretKey(hexToBytes(hex));
}

/**
 * A P-256 API key whose private half this browser was handed (an invitation link carries one).
 * WebCrypto takes it as a JWK, which needs the public point too: noble derives that. Imported
 * non-extractable, it then stamps exactly as a session key does (`stampWithSessionKey`): same
 * scheme, same X-Stamp header as the official API key stamper.
 */
export async function importP256PrivateKey(privateKeyHex: string): Promise<SessionKey> {
  if (!isP256PrivateKeyHex(privateKeyHex)) throw new Error("not a P-256 private key");
  const secret = hexToBytes(privateKeyHex);
  const point = p256.getPublicKey(secret, false);
  const jwk: JsonWebKey = {
    kty: "EC",
    crv: "P-256",
    x: toBase64Url(point.slice(1, 33)),
    y: toBase64Url(point.slice(33, 65)),
  };
  const algorithm = { name: "ECDSA", namedCurve: "P-256" };
  const [privateKey, publicKey] = await Promise.all([
    crypto.subtle.importKey("jwk", { ...jwk, d: toBase64Url(secret) }, algorithm, false, ["sign"]),
    crypto.subtle.importKey("jwk", jwk, algorithm, true, ["verify"]),
  ]);
  return { keyPair: { privateKey, publicKey }, publicKey: toHex(compressP256(point)) };
}
