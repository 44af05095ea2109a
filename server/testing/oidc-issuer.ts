import { createHash, generateKeyPairSync, randomBytes } from "node:crypto";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

/**
 * A real OpenID Connect issuer (the `oidc-provider` package) on a loopback port, for the social
 * login tests: its ID tokens come out of a genuine authorization-code flow with PKCE, signed by keys
 * it publishes at its discovery document's jwks_uri. The only shortcut is the login page: the
 * interaction is finished in code for the subject the test names, as a user clicking through would.
 */
export interface TestIssuer {
  /** The issuer identifier, the `iss` of its tokens. */
  issuer: string;
  /** An ID token for `sub` issued to `clientId` (default "latchkey-app"), carrying `nonce`. */
  idToken(options: { sub: string; nonce: string; clientId?: string }): Promise<string>;
  /**
   * An authorization code for `sub` issued to `clientId` (default "latchkey-app"), as the browser
   * brings it back to the redirect URI, with the PKCE verifier its challenge was made from.
   */
  authorize(options: { sub: string; nonce: string; clientId?: string }): Promise<AuthorizationCode>;
  /** How many times its JWKS has been fetched. */
  jwksFetches(): number;
  /** Its published JWK set (public keys), as a client reads it. */
  jwks(): Promise<{ keys: Record<string, string>[] }>;
  /** Stop answering (discovery and JWKS included): the "issuer is down" case. */
  close(): Promise<void>;
}

export interface AuthorizationCode {
  code: string;
  codeVerifier: string;
  redirectUri: string;
}

export interface TestIssuerOptions {
  /** Cache-Control of the JWKS answer. */
  jwksCacheControl?: string;
}

export const REDIRECT = "http://127.0.0.1/callback";
export const TEST_CLIENTS = ["latchkey-app", "other-app", "es256-app"] as const;

export async function startTestIssuer(options: TestIssuerOptions = {}): Promise<TestIssuer> {
  const rsa = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ format: "jwk" });
  const ec = generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey.export({ format: "jwk" });
  let jwksFetches = 0;
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: TEST_CLIENTS.map((id) => ({
      client_id: id,
      client_secret: `${id}-secret`,
      redirect_uris: [REDIRECT],
      id_token_signed_response_alg: id === "es256-app" ? "ES256" : "RS256",
    })),
    jwks: {
      keys: [
        { ...rsa, kid: `rsa-${randomBytes(4).toString("hex")}`, use: "sig", alg: "RS256" },
        { ...ec, kid: `ec-${randomBytes(4).toString("hex")}`, use: "sig", alg: "ES256" },
      ],
    },
    features: { devInteractions: { enabled: false } },
    findAccount: (_ctx: unknown, sub: string) => ({ accountId: sub, claims: () => ({ sub }) }),
    // Explicit lifetimes (the defaults log a notice each); an ID token lives an hour, as Google's.
    ttl: {
      Grant: 3600,
      Session: 3600,
      Interaction: 600,
      AccessToken: 3600,
      IdToken: 3600,
      AuthorizationCode: 60,
    },
  });
  // Cookies over plain HTTP on loopback: the test's browser is fetch.
  provider.proxy = false;
  const callback = provider.callback();
  server.on("request", async (req: IncomingMessage, res: ServerResponse) => {
    if (req.url?.startsWith("/interaction/")) {
      const details = await provider.interactionDetails(req, res);
      const sub = String(details.params.login_hint);
      const grant = new provider.Grant({ accountId: sub, clientId: String(details.params.client_id) });
      grant.addOIDCScope("openid");
      const grantId = await grant.save();
      await provider.interactionFinished(req, res, { login: { accountId: sub }, consent: { grantId } });
      return;
    }
    if (req.url === "/jwks") {
      jwksFetches += 1;
      if (options.jwksCacheControl) res.setHeader("cache-control", options.jwksCacheControl);
    }
    callback(req, res);
  });

  async function authorize(o: { sub: string; nonce: string; clientId?: string }): Promise<AuthorizationCode> {
    const clientId = o.clientId ?? "latchkey-app";
    const verifier = randomBytes(32).toString("base64url");
    const jar = new Map<string, string>();
    const base = `http://127.0.0.1:${port}`;
    // Follows the issuer's own redirects, keeping its cookies, until it sends the browser back.
    let url = `${base}/auth?${new URLSearchParams({
      client_id: clientId,
      response_type: "code",
      scope: "openid",
      redirect_uri: REDIRECT,
      nonce: o.nonce,
      login_hint: o.sub,
      code_challenge: createHash("sha256").update(verifier).digest("base64url"),
      code_challenge_method: "S256",
    })}`;
    for (let hop = 0; hop < 10 && !url.startsWith(REDIRECT); hop++) {
      const res = await fetch(url, {
        redirect: "manual",
        headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") },
      });
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(";");
        const at = pair!.indexOf("=");
        jar.set(pair!.slice(0, at), pair!.slice(at + 1));
      }
      const location = res.headers.get("location");
      if (!location) throw new Error(`issuer answered ${res.status} without a redirect: ${await res.text()}`);
      url = new URL(location, base).toString();
    }
    const code = new URL(url).searchParams.get("code");
    if (!code) throw new Error(`no code in ${url}`);
    return { code, codeVerifier: verifier, redirectUri: REDIRECT };
  }

  async function idToken(o: { sub: string; nonce: string; clientId?: string }) {
    const clientId = o.clientId ?? "latchkey-app";
    const { code, codeVerifier: verifier } = await authorize(o);
    const base = `http://127.0.0.1:${port}`;
    const token = await fetch(`${base}/token`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        authorization: `Basic ${Buffer.from(`${clientId}:${clientId}-secret`).toString("base64")}`,
      },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code,
        redirect_uri: REDIRECT,
        code_verifier: verifier,
      }),
    });
    const body = (await token.json()) as { id_token?: string };
    if (!body.id_token) throw new Error(`no id_token: ${JSON.stringify(body)}`);
    return body.id_token;
  }

  return {
    issuer,
    idToken,
    authorize,
    jwksFetches: () => jwksFetches,
    jwks: async () => (await fetch(`${issuer}/jwks`)).json(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
