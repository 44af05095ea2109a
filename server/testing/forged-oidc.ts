import { createHmac, createPublicKey, generateKeyPairSync, sign } from "node:crypto";

/**
 * Forgeries of a real ID token, for the refusal tests: the attacks a verifier must stop. Each starts
 * from a token a real issuer signed and changes what an attacker could.
 */
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

function partsOf(token: string) {
  const [h, p] = token.split(".") as [string, string];
  return {
    header: JSON.parse(Buffer.from(h, "base64url").toString()) as Record<string, unknown>,
    claims: JSON.parse(Buffer.from(p, "base64url").toString()) as Record<string, unknown>,
  };
}

/** The same claims (changed as asked) signed RS256 by a key the issuer never published. */
export function signedByUnknownKey(token: string, claims: Record<string, unknown> = {}): string {
  const { header, claims: original } = partsOf(token);
  const key = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey;
  const input = `${b64({ ...header, alg: "RS256", kid: "attacker-key" })}.${b64({ ...original, ...claims })}`;
  return `${input}.${sign("sha256", Buffer.from(input), key).toString("base64url")}`;
}

/** The real token's header with `alg: none` and no signature. */
export function unsigned(token: string): string {
  const { header, claims } = partsOf(token);
  return `${b64({ ...header, alg: "none" })}.${b64(claims)}.`;
}

/** HS256 with the issuer's published public key (PEM text) as the HMAC secret: algorithm confusion. */
export function hmacWithPublicKey(token: string, jwk: Record<string, string>): string {
  const { header, claims } = partsOf(token);
  const pem = createPublicKey({ key: jwk, format: "jwk" }).export({ type: "spki", format: "pem" });
  const input = `${b64({ ...header, alg: "HS256", kid: jwk.kid })}.${b64(claims)}`;
  return `${input}.${createHmac("sha256", pem).update(input).digest("base64url")}`;
}
