import { ApiError, invalid, unauthenticated } from "../errors";

/** A compact JWS taken apart, nothing checked yet but its shape. */
export interface ParsedJwt {
  header: { alg?: unknown; kid?: unknown; typ?: unknown };
  claims: Record<string, unknown>;
  /** `header.payload` as sent: what the signature covers. */
  signingInput: string;
  signature: Buffer;
}

/** The only algorithms an issuer's published keys are trusted for. */
export const ACCEPTED_ALGS = ["RS256", "ES256"] as const;
export type AcceptedAlg = (typeof ACCEPTED_ALGS)[number];

const SEGMENT = /^[A-Za-z0-9_-]*$/;

function json(segment: string, what: string, field: string): Record<string, unknown> {
  try {
    const value = JSON.parse(Buffer.from(segment, "base64url").toString("utf8"));
    if (typeof value === "object" && value !== null && !Array.isArray(value)) return value;
  } catch {
    // reported below, with the field named
  }
  throw invalid(`${field} is not an OIDC token: its ${what} is not base64url JSON`, field);
}

export function parseJwt(token: string, field: string): ParsedJwt {
  const parts = token.trim().split(".");
  if (parts.length !== 3 || !parts.every((p) => SEGMENT.test(p))) {
    throw invalid(`${field} must be a signed JWT: three base64url segments separated by dots`, field);
  }
  const [h, p, s] = parts as [string, string, string];
  return {
    header: json(h, "header", field),
    claims: json(p, "payload", field),
    signingInput: `${h}.${p}`,
    signature: Buffer.from(s, "base64url"),
  };
}

/**
 * The header's algorithm, refused unless it is one an issuer signs with its published public keys:
 * `none` would need no key at all, and HS* would take the public key as an HMAC secret, which
 * anyone can read from the JWKS (the classic algorithm-confusion forgery).
 */
export function acceptedAlg(header: ParsedJwt["header"]): AcceptedAlg {
  const alg = header.alg;
  if (typeof alg === "string" && alg.toLowerCase() === "none") {
    throw unauthenticated("OIDC_TOKEN_INVALID", "oidcToken is unsigned (alg none); refused");
  }
  if (typeof alg === "string" && alg.startsWith("HS")) {
    throw unauthenticated(
      "OIDC_TOKEN_INVALID",
      `oidcToken uses ${alg}, a shared-secret algorithm an issuer's public keys cannot verify; refused`,
    );
  }
  if (!ACCEPTED_ALGS.includes(alg as AcceptedAlg)) {
    throw unauthenticated(
      "OIDC_TOKEN_INVALID",
      `oidcToken is signed with ${String(alg)}; accepted: ${ACCEPTED_ALGS.join(", ")}`,
    );
  }
  return alg as AcceptedAlg;
}

export const issuerUnreachable = (issuer: string, why: string) =>
  new ApiError(
    "UNAVAILABLE",
    "OIDC_ISSUER_UNAVAILABLE",
    `the signing keys of issuer ${issuer} could not be fetched (${why}); try again later`,
  );
