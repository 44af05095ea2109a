import { createPrivateKey, type KeyObject, randomBytes, sign } from "node:crypto";
import { ProviderError } from "./http";

/**
 * The bearer token Coinbase Developer Platform APIs take (https://docs.cdp.coinbase.com/api-reference/authentication):
 * a JWT signed by the CDP Secret API key — ES256 for an ECDSA key (PEM "EC PRIVATE KEY"), EdDSA
 * for an Ed25519 key (base64 of 64 bytes: seed then public key) — whose header names the key
 * (`kid`) with a fresh `nonce`, and whose claims say who (`sub`, `iss: "cdp"`), for how long
 * (`nbf`, `exp` two minutes later) and for which one request (`uris: ["POST host/path"]`).
 */

const b64url = (data: Buffer | string) => Buffer.from(data).toString("base64url");

function signingKey(secret: string): { alg: "ES256" | "EdDSA"; key: KeyObject } {
  const text = secret.trim().replace(/\\n/g, "\n");
  try {
    if (text.includes("BEGIN")) return { alg: "ES256", key: createPrivateKey(text) };
    const raw = Buffer.from(text, "base64");
    if (raw.length !== 64) throw new Error("not 64 bytes");
    const jwk = { kty: "OKP", crv: "Ed25519", d: b64url(raw.subarray(0, 32)), x: b64url(raw.subarray(32)) };
    return { alg: "EdDSA", key: createPrivateKey({ key: jwk, format: "jwk" }) };
  } catch {
    throw new ProviderError(
      "the Coinbase credential's API key secret is neither a PEM EC private key nor a base64 Ed25519 key",
      true,
    );
  }
}

export function cdpJwt(keyName: string, secret: string, method: string, url: string, nowMs: number): string {
  const { alg, key } = signingKey(secret);
  const { host, pathname } = new URL(url);
  const nbf = Math.floor(nowMs / 1000);
  const header = { alg, kid: keyName, typ: "JWT", nonce: randomBytes(16).toString("hex") };
  const claims = { sub: keyName, iss: "cdp", nbf, exp: nbf + 120, uris: [`${method} ${host}${pathname}`] };
  const input = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(claims))}`;
  const signature =
    alg === "ES256"
      ? sign("sha256", Buffer.from(input), { key, dsaEncoding: "ieee-p1363" })
      : sign(null, Buffer.from(input), key);
  return `${input}.${b64url(signature)}`;
}
