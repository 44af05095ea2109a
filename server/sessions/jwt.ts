import { createHash } from "node:crypto";
import type { ServerSigningKey } from "../crypto/server-signing-key";

export type SessionType = "SESSION_TYPE_READ_WRITE" | "SESSION_TYPE_READ_ONLY";

export interface SessionClaims {
  /** Seconds since the epoch, a number (the session JWT differs from verification tokens here). */
  exp: number;
  /** Compressed P-256 public key of the session, hex; empty for read-only sessions without a key. */
  public_key: string;
  session_type: SessionType;
  user_id: string;
  organization_id: string;
}

const b64url = (data: string | Buffer) => Buffer.from(data).toString("base64url");

/**
 * A session JWT as the official clients parse and verify it (`verifySessionJwtSignature`): ES256
 * header, and a raw r‖s signature whose message digest is sha256(sha256(header.payload)). The
 * server key signs sha256(header.payload), and ECDSA hashes that once more.
 */
export function issueSessionJwt(key: ServerSigningKey, claims: SessionClaims): string {
  const signingInput = `${b64url(JSON.stringify({ alg: "ES256", typ: "JWT" }))}.${b64url(JSON.stringify(claims))}`;
  const firstHash = createHash("sha256").update(signingInput).digest();
  return `${signingInput}.${b64url(key.signRaw(firstHash))}`;
}
