/**
 * LATCHKEY_OIDC_ISSUERS: the issuers whose ID tokens this installation accepts, comma-separated,
 * each exactly as its tokens spell `iss` (e.g. `https://accounts.google.com`). Only these are ever
 * fetched from: a token naming any other issuer is refused before any request leaves the server, so
 * a caller cannot make Latchkey fetch a URL of their choosing. Unset: social login is off.
 */
export class OidcConfigError extends Error {}

export function parseOidcIssuers(raw: string | undefined): string[] {
  const issuers = (raw ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  for (const issuer of issuers) {
    let url: URL;
    try {
      url = new URL(issuer);
    } catch {
      throw new OidcConfigError(
        `LATCHKEY_OIDC_ISSUERS: ${issuer} is not a URL (e.g. https://accounts.google.com)`,
      );
    }
    if (url.protocol !== "https:" && url.protocol !== "http:") {
      throw new OidcConfigError(`LATCHKEY_OIDC_ISSUERS: ${issuer} must be an https:// (or http://) URL`);
    }
    if (url.search || url.hash) {
      throw new OidcConfigError(`LATCHKEY_OIDC_ISSUERS: ${issuer} must not carry a query or fragment`);
    }
  }
  return issuers;
}

/** The OAuth 2.0 providers of the compatible API (create_oauth2_credential's `provider`). */
export const OAUTH2_PROVIDERS = ["OAUTH2_PROVIDER_X", "OAUTH2_PROVIDER_DISCORD"] as const;
export type Oauth2Provider = (typeof OAUTH2_PROVIDERS)[number];

/**
 * LATCHKEY_OAUTH2_PROVIDERS: which OIDC issuer serves each OAuth 2.0 provider, as
 * `OAUTH2_PROVIDER_X=https://issuer,OAUTH2_PROVIDER_DISCORD=https://other`. oauth2_authenticate
 * exchanges codes at that issuer's token endpoint (from its discovery document) and verifies the ID
 * token it answers, so every issuer named here must also be in LATCHKEY_OIDC_ISSUERS.
 */
export function parseOauth2Providers(
  raw: string | undefined,
  issuers: string[],
): Partial<Record<Oauth2Provider, string>> {
  const map: Partial<Record<Oauth2Provider, string>> = {};
  for (const entry of (raw ?? "").split(",").map((s) => s.trim())) {
    if (!entry) continue;
    const at = entry.indexOf("=");
    const provider = entry.slice(0, at).trim() as Oauth2Provider;
    const issuer = entry.slice(at + 1).trim();
    if (at < 0 || !OAUTH2_PROVIDERS.includes(provider)) {
      throw new OidcConfigError(
        `LATCHKEY_OAUTH2_PROVIDERS: ${entry} must be <provider>=<issuer>, provider one of ${OAUTH2_PROVIDERS.join(", ")}`,
      );
    }
    if (!issuers.includes(issuer)) {
      throw new OidcConfigError(
        `LATCHKEY_OAUTH2_PROVIDERS: ${provider}'s issuer ${issuer} must also be in LATCHKEY_OIDC_ISSUERS`,
      );
    }
    map[provider] = issuer;
  }
  return map;
}
