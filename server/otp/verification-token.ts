import { z } from "zod";
import type { ServerSigningKey } from "../crypto/server-signing-key";
import { unauthenticated } from "../errors";

/** The claims @turnkey/crypto's verifyOtpVerificationToken requires, all strings; exp in epoch milliseconds. */
export interface VerificationClaims {
  exp: string;
  id: string;
  organization_id: string;
  verification_type: "OTP_TYPE_EMAIL" | "OTP_TYPE_SMS";
  contact: string;
  /** The client key (compressed P-256 hex) that must sign the login that consumes the token. */
  public_key: string;
}

const b64url = (data: string | Buffer) => Buffer.from(data).toString("base64url");
const HEADER = b64url(JSON.stringify({ typ: "JWT", alg: "ES256" }));

/**
 * A standard ES256 JWT (one SHA-256 over header.payload, raw r‖s) signed by the server key, which
 * is what verifyOtpVerificationToken checks with the key passed as its override. Unlike session
 * JWTs, exp is a string of milliseconds: the reference's own tokens are.
 */
export function issueVerificationToken(key: ServerSigningKey, claims: VerificationClaims): string {
  const signingInput = `${HEADER}.${b64url(JSON.stringify(claims))}`;
  return `${signingInput}.${b64url(key.signRaw(Buffer.from(signingInput)))}`;
}

const ZClaims = z.object({
  exp: z.string().regex(/^\d{1,16}$/),
  id: z.string().min(1),
  organization_id: z.string().min(1),
  verification_type: z.enum(["OTP_TYPE_EMAIL", "OTP_TYPE_SMS"]),
  contact: z.string().min(1),
  public_key: z.string().min(1),
});

const PART = /^[A-Za-z0-9_-]+$/;
const bad = (why: string) => unauthenticated("VERIFICATION_TOKEN_INVALID", `verificationToken: ${why}`);

/**
 * The claims of a token this server issued and that has not expired, or a 401 saying why. The
 * signature is checked before anything in the payload is believed.
 */
export function readVerificationToken(key: ServerSigningKey, token: string, now: Date): VerificationClaims {
  const parts = token.split(".");
  if (token.length > 4096 || parts.length !== 3 || !parts.every((p) => PART.test(p))) {
    throw bad("not a JWT (expected three base64url parts)");
  }
  const [header, payload, signature] = parts as [string, string, string];
  if (!key.verifyRaw(Buffer.from(`${header}.${payload}`), Buffer.from(signature, "base64url"))) {
    throw bad("not signed by this server's signing key (get_server_signing_key)");
  }
  let claims: z.infer<typeof ZClaims>;
  try {
    claims = ZClaims.parse(JSON.parse(Buffer.from(payload, "base64url").toString("utf8")));
  } catch {
    throw bad("its claims are not those of a verification token");
  }
  if (Number(claims.exp) <= now.getTime()) {
    throw unauthenticated(
      "VERIFICATION_TOKEN_EXPIRED",
      `verificationToken expired at ${new Date(Number(claims.exp)).toISOString()}; verify a new code`,
    );
  }
  return claims;
}
