import { ApiError } from "../errors";
import { issuerUnreachable } from "./jwt";

const FETCH_TIMEOUT_MS = 5_000;

/** What the client sends to exchange its authorization code (RFC 6749 §4.1.3 with PKCE, RFC 7636). */
export interface CodeExchange {
  issuer: string;
  clientId: string;
  clientSecret: string;
  code: string;
  redirectUri: string;
  codeVerifier: string;
}

async function send(issuer: string, url: string, init: RequestInit): Promise<Response> {
  try {
    // No redirects: the issuer's endpoints are where its discovery document says they are.
    return await fetch(url, { ...init, redirect: "error", signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  } catch (error) {
    const cause = (error as Error).cause as Error | undefined;
    throw issuerUnreachable(issuer, `${url}: ${cause?.message ?? (error as Error).message}`);
  }
}

/** The issuer's token endpoint, from its discovery document (which must name the issuer itself). */
async function tokenEndpoint(issuer: string): Promise<string> {
  const url = `${issuer.replace(/\/$/, "")}/.well-known/openid-configuration`;
  const res = await send(issuer, url, { headers: { accept: "application/json" } });
  if (!res.ok) throw issuerUnreachable(issuer, `${url} answered HTTP ${res.status}`);
  const doc = (await res.json().catch(() => undefined)) as { issuer?: unknown; token_endpoint?: unknown };
  if (doc?.issuer !== issuer)
    throw issuerUnreachable(issuer, `its discovery document names issuer ${String(doc?.issuer)}`);
  if (typeof doc.token_endpoint !== "string" || !/^https?:\/\//.test(doc.token_endpoint)) {
    throw issuerUnreachable(issuer, "its discovery document has no http(s) token_endpoint");
  }
  return doc.token_endpoint;
}

/**
 * Exchange an authorization code and its PKCE verifier at the issuer's token endpoint, authenticating
 * as the client (HTTP Basic, client_secret_basic). Returns the ID token it answers. A code the issuer
 * refuses (wrong, used, expired, another verifier or redirect URI) is a 400 carrying the issuer's
 * own error; a refused client a 400 asking to fix the credential; an issuer that cannot be reached a 503.
 */
export async function exchangeAuthorizationCode(x: CodeExchange): Promise<string> {
  const endpoint = await tokenEndpoint(x.issuer);
  const basic = `${encodeURIComponent(x.clientId)}:${encodeURIComponent(x.clientSecret)}`;
  const res = await send(x.issuer, endpoint, {
    method: "POST",
    headers: {
      accept: "application/json",
      "content-type": "application/x-www-form-urlencoded",
      authorization: `Basic ${Buffer.from(basic).toString("base64")}`,
    },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code: x.code,
      redirect_uri: x.redirectUri,
      code_verifier: x.codeVerifier,
    }),
  });
  const body = (await res.json().catch(() => undefined)) as
    | { id_token?: unknown; error?: unknown; error_description?: unknown }
    | undefined;
  if (res.status >= 500 || !body) {
    throw issuerUnreachable(x.issuer, `its token endpoint answered HTTP ${res.status}`);
  }
  if (!res.ok) {
    const said = `${String(body.error)}${body.error_description ? `: ${String(body.error_description)}` : ""}`;
    if (body.error === "invalid_client" || body.error === "unauthorized_client") {
      throw new ApiError(
        "FAILED_PRECONDITION",
        "OAUTH2_CLIENT_REFUSED",
        `issuer ${x.issuer} refused client ${x.clientId} (${said}): update the OAuth 2.0 credential`,
      );
    }
    throw new ApiError(
      "INVALID_ARGUMENT",
      "OAUTH2_CODE_REFUSED",
      `issuer ${x.issuer} refused the authorization code (${said}): a code is valid once, with its own code verifier and redirect URI`,
      { fieldViolations: [{ field: "parameters.authCode", description: said }] },
    );
  }
  if (typeof body.id_token !== "string") {
    throw new ApiError(
      "FAILED_PRECONDITION",
      "OAUTH2_NO_ID_TOKEN",
      `issuer ${x.issuer} answered no id_token: the authorization request must ask for the openid scope`,
    );
  }
  return body.id_token;
}
