import { verify } from "node:crypto";
import type { AppContext } from "../context";
import { sha256Hex } from "../crypto/sha256-hex";
import { ApiError, unauthenticated } from "../errors";
import { createJwksCache, type JwksCache } from "./jwks";
import { acceptedAlg, parseJwt } from "./jwt";

/** What a verified ID token says about who signed in, and for which application. */
export interface OidcIdentity {
  issuer: string;
  subject: string;
  audience: string;
}

/** Clocks of issuer and server disagree by a few seconds; a minute more is harmless. */
export const CLOCK_SKEW_SECONDS = 60;

/**
 * The nonce a login token must carry: lowercase hex of SHA-256 over the requested public key's hex
 * text, as the official SDKs set it before sending the user to the provider. It binds the token to
 * that one key, so a token seen in transit cannot start a session for anyone else's key.
 */
export function loginNonce(publicKey: string): string {
  return sha256Hex(publicKey);
}

// One key cache per application context: the server's, or each test's own.
const caches = new WeakMap<AppContext, JwksCache>();
function cacheOf(app: AppContext): JwksCache {
  let cache = caches.get(app);
  if (!cache) {
    cache = createJwksCache(app.clock);
    caches.set(app, cache);
  }
  return cache;
}

const refused = (message: string) => unauthenticated("OIDC_TOKEN_INVALID", `oidcToken ${message}`);

function audienceOf(claims: Record<string, unknown>): string {
  const { aud, azp } = claims;
  if (typeof aud === "string" && aud) return aud;
  if (Array.isArray(aud) && aud.length > 0 && aud.every((a) => typeof a === "string")) {
    // Several audiences: the authorized party is the application the token was issued to.
    if (aud.length === 1) return aud[0] as string;
    if (typeof azp === "string" && aud.includes(azp)) return azp;
  }
  throw refused("has no single audience (aud, or azp among several)");
}

function checkTimes(claims: Record<string, unknown>, nowSeconds: number): void {
  const { exp, iat, nbf } = claims;
  if (typeof exp !== "number") throw refused("has no numeric exp");
  if (typeof iat !== "number") throw refused("has no numeric iat");
  if (nowSeconds > exp + CLOCK_SKEW_SECONDS) {
    throw refused(`expired at ${new Date(exp * 1000).toISOString()}`);
  }
  if (iat > nowSeconds + CLOCK_SKEW_SECONDS) throw refused("is issued in the future (iat)");
  if (nbf !== undefined && (typeof nbf !== "number" || nbf > nowSeconds + CLOCK_SKEW_SECONDS)) {
    throw refused("is not valid yet (nbf)");
  }
}

/**
 * Check an ID token for real: an issuer this installation allows (before anything is fetched),
 * an accepted algorithm, the signature by a key the issuer publishes under the token's `kid`, the
 * times with CLOCK_SKEW_SECONDS of slack, and — for a login — the nonce bound to `nonceFor`.
 * Every refusal is an ApiError naming the problem; a down issuer without cached keys is a 503.
 */
export async function verifyOidcToken(
  app: AppContext,
  token: string,
  /** `nonce`: the nonce itself, when the caller states it rather than the key it is bound to. */
  options: { field: string; nonceFor?: string; nonce?: string },
): Promise<OidcIdentity> {
  const jwt = parseJwt(token, options.field);
  const alg = acceptedAlg(jwt.header);
  const { iss, sub } = jwt.claims;
  if (typeof iss !== "string" || !app.config.oidcIssuers.includes(iss)) {
    throw new ApiError(
      "UNAUTHENTICATED",
      "OIDC_ISSUER_NOT_ALLOWED",
      `oidcToken was issued by ${String(iss)}, which is not among this installation's issuers (LATCHKEY_OIDC_ISSUERS)`,
    );
  }
  if (typeof jwt.header.kid !== "string") throw refused("header names no key (kid)");
  const published = await cacheOf(app).key(iss, jwt.header.kid);
  if (!published) throw refused(`is signed by key ${jwt.header.kid}, which issuer ${iss} does not publish`);
  if (published.alg !== alg) throw refused(`says ${alg} but key ${jwt.header.kid} is a ${published.alg} key`);
  let valid = false;
  try {
    valid = verify(
      "sha256",
      Buffer.from(jwt.signingInput, "ascii"),
      alg === "ES256" ? { key: published.key, dsaEncoding: "ieee-p1363" } : published.key,
      jwt.signature,
    );
  } catch {
    // A signature of the wrong length or encoding is simply not a valid one.
  }
  if (!valid) throw refused(`signature does not verify with issuer ${iss}'s key ${jwt.header.kid}`);
  checkTimes(jwt.claims, Math.floor(app.clock.now().getTime() / 1000));
  if (typeof sub !== "string" || !sub) throw refused("has no subject (sub)");
  const audience = audienceOf(jwt.claims);
  if (options.nonceFor !== undefined) {
    const expected = loginNonce(options.nonceFor);
    if (jwt.claims.nonce !== expected) {
      throw refused(
        `nonce must be sha256 of the requested public key (${expected}), got ${String(jwt.claims.nonce)}`,
      );
    }
  }
  if (options.nonce !== undefined && jwt.claims.nonce !== options.nonce) {
    throw refused(`nonce must be ${options.nonce}, got ${String(jwt.claims.nonce)}`);
  }
  return { issuer: iss, subject: sub, audience };
}
