import { createPublicKey, type JsonWebKey, type KeyObject } from "node:crypto";
import type { Clock } from "../clock";
import { type AcceptedAlg, issuerUnreachable } from "./jwt";

/** One issuer's published signing keys, as fetched at `fetchedAt` and trusted until `expiresAt`. */
interface IssuerKeys {
  keys: Map<string, { key: KeyObject; alg: AcceptedAlg }>;
  fetchedAt: number;
  expiresAt: number;
}

/** When the JWKS answer says nothing about caching: Google's own keys rotate over days. */
const DEFAULT_TTL_MS = 5 * 60_000;
const MAX_TTL_MS = 24 * 3600_000;
/** A token with an unknown `kid` refetches at most this often, or forged kids would make us a fetch relay. */
export const MIN_REFRESH_MS = 60_000;
const FETCH_TIMEOUT_MS = 5_000;

/** How long an answer may be reused, from its Cache-Control (max-age; no-store/no-cache: not at all). */
export function cacheLifetimeMs(cacheControl: string | null): number {
  if (!cacheControl) return DEFAULT_TTL_MS;
  if (/\b(no-store|no-cache)\b/i.test(cacheControl)) return 0;
  const maxAge = /\bmax-age\s*=\s*(\d+)/i.exec(cacheControl);
  return maxAge ? Math.min(Number(maxAge[1]) * 1000, MAX_TTL_MS) : DEFAULT_TTL_MS;
}

async function getJson(issuer: string, url: string): Promise<{ body: unknown; cacheControl: string | null }> {
  let res: Response | undefined;
  // Two tries: a kept-alive connection the issuer closed while idle fails the first request sent on it.
  for (let attempt = 1; !res; attempt++) {
    try {
      // No redirects: the discovery document and the JWKS live where the issuer says they do.
      res = await fetch(url, {
        headers: { accept: "application/json" },
        redirect: "error",
        signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      });
    } catch (error) {
      if (attempt < 2) continue;
      // undici says "fetch failed" and keeps the reason (refused, timed out, redirected) in `cause`.
      const cause = (error as Error).cause as Error | undefined;
      throw issuerUnreachable(issuer, `${url}: ${cause?.message ?? (error as Error).message}`);
    }
  }
  if (!res.ok) throw issuerUnreachable(issuer, `${url} answered HTTP ${res.status}`);
  try {
    return { body: await res.json(), cacheControl: res.headers.get("cache-control") };
  } catch {
    throw issuerUnreachable(issuer, `${url} did not answer JSON`);
  }
}

/** The keys a JWK set offers for RS256 or ES256 signatures; any other key is skipped. */
function usableKeys(jwks: unknown): IssuerKeys["keys"] {
  const keys: IssuerKeys["keys"] = new Map();
  const list = (jwks as { keys?: unknown })?.keys;
  if (!Array.isArray(list)) return keys;
  for (const jwk of list as (JsonWebKey & { kid?: string; use?: string; alg?: string })[]) {
    if (typeof jwk?.kid !== "string" || (jwk.use !== undefined && jwk.use !== "sig")) continue;
    const alg: AcceptedAlg | undefined =
      jwk.kty === "RSA" ? "RS256" : jwk.kty === "EC" && jwk.crv === "P-256" ? "ES256" : undefined;
    if (!alg || (jwk.alg !== undefined && jwk.alg !== alg)) continue;
    try {
      const { kty, n, e, crv, x, y } = jwk;
      keys.set(jwk.kid, { key: createPublicKey({ key: { kty, n, e, crv, x, y }, format: "jwk" }), alg });
    } catch {
      // A malformed key cannot verify anything; the others still can.
    }
  }
  return keys;
}

/**
 * Each allowed issuer's signing keys: discovery document → jwks_uri → keys, cached for as long as
 * the JWKS answer's Cache-Control allows. A `kid` the cache does not know triggers one refetch (an
 * issuer rotating keys), at most every MIN_REFRESH_MS per issuer. When a refetch fails, keys still
 * within their lifetime keep working; past it, the issuer is unavailable (503).
 */
export function createJwksCache(clock: Clock) {
  const cache = new Map<string, IssuerKeys>();
  // One fetch per issuer at a time: a burst of logins after the keys expire waits on the same one.
  const inFlight = new Map<string, Promise<IssuerKeys>>();

  function refresh(issuer: string): Promise<IssuerKeys> {
    let pending = inFlight.get(issuer);
    if (!pending) {
      pending = fetchKeys(issuer).finally(() => inFlight.delete(issuer));
      inFlight.set(issuer, pending);
    }
    return pending;
  }

  async function fetchKeys(issuer: string): Promise<IssuerKeys> {
    const discoveryUrl = `${issuer.replace(/\/$/, "")}/.well-known/openid-configuration`;
    const { body: discovery } = await getJson(issuer, discoveryUrl);
    const doc = discovery as { issuer?: unknown; jwks_uri?: unknown };
    if (doc?.issuer !== issuer) {
      throw issuerUnreachable(issuer, `its discovery document names issuer ${String(doc?.issuer)}`);
    }
    if (typeof doc.jwks_uri !== "string" || !/^https?:\/\//.test(doc.jwks_uri)) {
      throw issuerUnreachable(issuer, "its discovery document has no http(s) jwks_uri");
    }
    const { body, cacheControl } = await getJson(issuer, doc.jwks_uri);
    const now = clock.now().getTime();
    const entry = { keys: usableKeys(body), fetchedAt: now, expiresAt: now + cacheLifetimeMs(cacheControl) };
    cache.set(issuer, entry);
    return entry;
  }

  /** The key `kid` of `issuer`, or undefined when the issuer does not publish it. */
  async function key(issuer: string, kid: string) {
    const now = clock.now().getTime();
    const cached = cache.get(issuer);
    const fresh = cached && now < cached.expiresAt ? cached : undefined;
    if (fresh?.keys.has(kid)) return fresh.keys.get(kid);
    if (fresh && now - fresh.fetchedAt < MIN_REFRESH_MS) return undefined;
    try {
      return (await refresh(issuer)).keys.get(kid);
    } catch (error) {
      // The issuer is down: what it published before still holds until its lifetime ends.
      if (fresh) return fresh.keys.get(kid);
      throw error;
    }
  }

  return { key };
}

export type JwksCache = ReturnType<typeof createJwksCache>;
