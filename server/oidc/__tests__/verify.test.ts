import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiError } from "../../errors";
import { hmacWithPublicKey, signedByUnknownKey, unsigned } from "../../testing/forged-oidc";
import { startTestApp, type TestApp } from "../../testing/harness";
import { startTestIssuer, type TestIssuer } from "../../testing/oidc-issuer";
import { cacheLifetimeMs, MIN_REFRESH_MS } from "../jwks";
import { loginNonce, verifyOidcToken } from "../verify";

let issuer: TestIssuer;
let stranger: TestIssuer;
let t: TestApp;
const KEY = "02".padEnd(66, "ab");

beforeAll(async () => {
  issuer = await startTestIssuer({ jwksCacheControl: "public, max-age=600" });
  stranger = await startTestIssuer();
  t = await startTestApp({
    env: { LATCHKEY_OIDC_ISSUERS: `https://accounts.example.com, ${issuer.issuer}` },
  });
});
afterAll(async () => {
  await t?.close();
  await issuer?.close();
  await stranger?.close();
});

const check = (token: string, nonceFor: string | undefined = KEY) =>
  verifyOidcToken(t.app, token, { field: "parameters.oidcToken", nonceFor });
const refusal = async (token: string, nonceFor?: string) => {
  const error = (await check(token, nonceFor).then(
    () => undefined,
    (e) => e,
  )) as ApiError;
  expect(error?.name).toBe("ApiError");
  return { code: error.code, reason: error.reason, message: error.message };
};

describe("OIDC ID token verification against a real issuer", () => {
  it("accepts RS256 and ES256 tokens from the allowed issuer, bound to the requested key", async () => {
    const rs = await issuer.idToken({ sub: "alice", nonce: loginNonce(KEY) });
    expect(await check(rs)).toEqual({ issuer: issuer.issuer, subject: "alice", audience: "latchkey-app" });
    const es = await issuer.idToken({ sub: "alice", nonce: loginNonce(KEY), clientId: "es256-app" });
    expect(JSON.parse(Buffer.from(es.split(".")[0]!, "base64url").toString()).alg).toBe("ES256");
    expect((await check(es)).audience).toBe("es256-app");
  });

  it("the nonce is hex sha256 of the public key's text", () => {
    expect(loginNonce("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  it("refuses a wrong nonce, naming the expected one", async () => {
    const token = await issuer.idToken({ sub: "alice", nonce: loginNonce("03".padEnd(66, "cd")) });
    const r = await refusal(token);
    expect(r).toMatchObject({ code: "UNAUTHENTICATED", reason: "OIDC_TOKEN_INVALID" });
    expect(r.message).toContain(loginNonce(KEY));
  });

  it("refuses another issuer's token without fetching anything from it", async () => {
    const token = await stranger.idToken({ sub: "alice", nonce: loginNonce(KEY) });
    const before = stranger.jwksFetches();
    expect(await refusal(token)).toMatchObject({
      code: "UNAUTHENTICATED",
      reason: "OIDC_ISSUER_NOT_ALLOWED",
    });
    expect(stranger.jwksFetches()).toBe(before);
  });

  it("refuses alg none, HS256 keyed with the public key, and a key the issuer does not publish", async () => {
    const token = await issuer.idToken({ sub: "alice", nonce: loginNonce(KEY) });
    expect((await refusal(unsigned(token))).message).toMatch(/alg none/);
    const { keys } = await issuer.jwks();
    const rsa = keys.find((k) => k.kty === "RSA")!;
    expect((await refusal(hmacWithPublicKey(token, rsa))).message).toMatch(/HS256, a shared-secret/);
    expect((await refusal(signedByUnknownKey(token))).message).toMatch(/attacker-key, which issuer/);
  });

  it("refetches the JWKS for an unknown kid at most once a minute", async () => {
    const token = await issuer.idToken({ sub: "alice", nonce: loginNonce(KEY) });
    await check(token);
    t.clock.advance(MIN_REFRESH_MS);
    const before = issuer.jwksFetches();
    await refusal(signedByUnknownKey(token));
    expect(issuer.jwksFetches()).toBe(before + 1);
    await refusal(signedByUnknownKey(token));
    expect(issuer.jwksFetches()).toBe(before + 1);
    // Known keys come from the cache: no fetch.
    expect((await check(token)).subject).toBe("alice");
    expect(issuer.jwksFetches()).toBe(before + 1);
  });

  it("reads the cache lifetime from Cache-Control", () => {
    expect(cacheLifetimeMs("public, max-age=21600, must-revalidate")).toBe(21_600_000);
    expect(cacheLifetimeMs("no-store")).toBe(0);
    expect(cacheLifetimeMs(null)).toBe(300_000);
  });

  it("malformed tokens are a 400 naming the field", async () => {
    const r = await refusal("not-a-jwt");
    expect(r.code).toBe("INVALID_ARGUMENT");
    expect(r.message).toMatch(/parameters.oidcToken must be a signed JWT/);
  });

  it("refuses an expired token, allowing a minute of clock skew", async () => {
    const token = await issuer.idToken({ sub: "alice", nonce: loginNonce(KEY) });
    const exp = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()).exp as number;
    const skewed = exp * 1000 + 30_000 - t.clock.now().getTime();
    // Last in this file: the clock only moves forward.
    t.clock.advance(skewed);
    expect((await check(token)).subject).toBe("alice");
    t.clock.advance(60_000);
    expect((await refusal(token, KEY)).message).toMatch(/expired at/);
  });
});

describe("an issuer that goes down", () => {
  it("keeps using cached keys within their lifetime, then answers 503", async () => {
    const down = await startTestIssuer({ jwksCacheControl: "max-age=120" });
    const app = await startTestApp({ env: { LATCHKEY_OIDC_ISSUERS: down.issuer } });
    try {
      const token = await down.idToken({ sub: "bob", nonce: loginNonce(KEY) });
      const verifyIt = () => verifyOidcToken(app.app, token, { field: "oidcToken", nonceFor: KEY });
      await verifyIt();
      await down.close();
      app.clock.advance(90_000);
      expect((await verifyIt()).subject).toBe("bob");
      app.clock.advance(60_000);
      const error = (await verifyIt().catch((e) => e)) as ApiError;
      expect(error.code).toBe("UNAVAILABLE");
      expect(error.reason).toBe("OIDC_ISSUER_UNAVAILABLE");
      expect(error.message).toContain(down.issuer);
    } finally {
      await app.close();
    }
  });
});

describe("many logins at once", () => {
  it("share one fetch of the issuer's keys", async () => {
    const busy = await startTestIssuer();
    const app = await startTestApp({ env: { LATCHKEY_OIDC_ISSUERS: busy.issuer } });
    try {
      const token = await busy.idToken({ sub: "frank", nonce: loginNonce(KEY) });
      const verified = await Promise.all(
        Array.from({ length: 5 }, () =>
          verifyOidcToken(app.app, token, { field: "oidcToken", nonceFor: KEY }),
        ),
      );
      expect(verified.map((v) => v.subject)).toEqual(Array(5).fill("frank"));
      expect(busy.jwksFetches()).toBe(1);
    } finally {
      await app.close();
      await busy.close();
    }
  });
});
