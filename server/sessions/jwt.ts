import { createHash } from "node:crypto";
import { z } from "zod";
import type { ServerSigningKey } from "../crypto/server-signing-key";
import { unauthenticated } from "../errors";

export type SessionType = "SESSION_TYPE_READ_WRITE" | "SESSION_TYPE_READ_ONLY";

export interface SessionClaims {
  /** Seconds since the epoch, a number (the session JWT differs from verification tokens here). */
  exp: number;
  /** Compressed P-256 public key of the session, hex; empty for read-only sessions without a key. */
  public_key: string;
  /** A session profile's name when the login named one (the reference's rule). */
  session_type: SessionType | (string & {});
  user_id: string;
  organization_id: string;
}

const b64url = (data: string | Buffer) => Buffer.from(data).toString("base64url");

/** The first of the two SHA-256 rounds: the server key signs this, and ECDSA hashes it once more. */
const signingDigest = (signingInput: string) => createHash("sha256").update(signingInput).digest();

/**
 * A session JWT as the official clients parse and verify it (`verifySessionJwtSignature`): ES256
 * header, and a raw r‖s signature whose message digest is sha256(sha256(header.payload)). The
 * server key signs sha256(header.payload), and ECDSA hashes that once more.
 */
export function issueSessionJwt(key: ServerSigningKey, claims: SessionClaims): string {
  const signingInput = `${b64url(JSON.stringify({ alg: "ES256", typ: "JWT" }))}.${b64url(JSON.stringify(claims))}`;
  return `${signingInput}.${b64url(key.signRaw(signingDigest(signingInput)))}`;
}

/** Claims as a verified token may hold them: session_type is checked by whoever needs one kind. */
const ZClaims = z.object({
  exp: z.number().int().positive(),
  public_key: z.string(),
  session_type: z.string(),
  user_id: z.string().min(1),
  organization_id: z.string().min(1),
});
export type VerifiedSessionClaims = z.infer<typeof ZClaims>;

const MAX_TOKEN_LENGTH = 4096;
const PART = /^[A-Za-z0-9_-]+$/;

const malformed = (why: string) => unauthenticated("SESSION_JWT_MALFORMED", `malformed session JWT: ${why}`);

function jsonPart(part: string, name: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
  } catch {
    throw malformed(`the ${name} is not base64url-encoded JSON`);
  }
}

/**
 * The claims of a session JWT this server signed, or a 401 saying what is wrong with it: not a JWT
 * (SESSION_JWT_MALFORMED) or not signed by `key` (SESSION_JWT_SIGNATURE_INVALID). The signature is
 * checked before any claim is trusted; expiry and type are the caller's rules.
 */
export function verifySessionJwt(key: ServerSigningKey, token: string): VerifiedSessionClaims {
  if (token.length > MAX_TOKEN_LENGTH) throw malformed(`longer than ${MAX_TOKEN_LENGTH} characters`);
  const parts = token.split(".");
  if (parts.length !== 3 || !parts.every((p) => PART.test(p))) {
    throw malformed("expected three base64url parts, header.payload.signature");
  }
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const header = jsonPart(headerPart, "header") as { alg?: unknown } | null;
  if (header?.alg !== "ES256") throw malformed("the header's alg must be ES256");
  const payload = ZClaims.safeParse(jsonPart(payloadPart, "payload"));
  if (!payload.success) {
    const issue = payload.error.issues[0]!;
    throw malformed(`claim ${issue.path.join(".") || "payload"}: ${issue.message}`);
  }
  const signature = Buffer.from(signaturePart, "base64url");
  if (signature.length !== 64) throw malformed("the signature must be 64 bytes (r‖s)");
  if (!key.verifyRaw(signingDigest(`${headerPart}.${payloadPart}`), signature)) {
    throw unauthenticated(
      "SESSION_JWT_SIGNATURE_INVALID",
      "session JWT is not signed by this server's signing key (get_server_signing_key); sessions from another server or key are not accepted",
    );
  }
  return payload.data;
}
