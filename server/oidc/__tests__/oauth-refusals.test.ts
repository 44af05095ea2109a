import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseDigest } from "../../testing/db-snapshot";
import { hmacWithPublicKey, signedByUnknownKey, unsigned } from "../../testing/forged-oidc";
import { startTestApp, type TestApp, type TestKey } from "../../testing/harness";
import { startTestIssuer, type TestIssuer } from "../../testing/oidc-issuer";
import { oidcScene } from "../../testing/oidc-scene";
import { keyPair } from "../../testing/otp-scene";
import { loginNonce } from "../verify";

/** §4 of issue 13: every bad token is refused with a clear error through the API, and writes nothing. */
let issuer: TestIssuer;
let stranger: TestIssuer;
let t: TestApp;
let org: { organizationId: string; userId: string; key: TestKey };
const scene = oidcScene(() => t);
const session = keyPair();
const SUB = "erin";

beforeAll(async () => {
  issuer = await startTestIssuer();
  stranger = await startTestIssuer();
  t = await startTestApp({ env: { LATCHKEY_OIDC_ISSUERS: issuer.issuer } });
  org = await t.newOrganization("Acme");
  const link = await scene.link(
    org.organizationId,
    org.key,
    org.userId,
    await issuer.idToken({ sub: SUB, nonce: "x" }),
  );
  expect(link.status).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await issuer?.close();
  await stranger?.close();
});

const good = () => issuer.idToken({ sub: SUB, nonce: loginNonce(session.publicKey) });

/** oauth_login with `token` is refused with `status` and a message matching `says`; nothing changes. */
async function refused(token: string, status: number, says: RegExp) {
  const before = await databaseDigest(t.app);
  const res = await scene.login(org.organizationId, org.key, token, session.publicKey);
  expect(res.status).toBe(status);
  expect(res.body.message).toMatch(says);
  expect(await databaseDigest(t.app)).toEqual(before);
}

describe("oauth_login refuses", () => {
  it("a token signed by a key the issuer does not publish", async () => {
    await refused(
      signedByUnknownKey(await good()),
      401,
      /signed by key attacker-key, which issuer .* does not publish/,
    );
  });

  it("a token of another issuer", async () => {
    const token = await stranger.idToken({ sub: SUB, nonce: loginNonce(session.publicKey) });
    await refused(token, 401, /not among this installation's issuers/);
  });

  it("a token for another audience (another application of the same issuer)", async () => {
    const token = await issuer.idToken({
      sub: SUB,
      nonce: loginNonce(session.publicKey),
      clientId: "other-app",
    });
    await refused(token, 401, /no user of organization .* linked to subject erin .* for audience other-app/);
  });

  it("an expired token", async () => {
    const token = await good();
    const exp = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()).exp as number;
    // A forged exp would fail the signature first; the issuer's own exp, passed on the server's clock.
    const app = await startTestApp({ env: { LATCHKEY_OIDC_ISSUERS: issuer.issuer } });
    try {
      const other = await app.newOrganization("Later");
      app.clock.advance(exp * 1000 + 61_000 - app.clock.now().getTime());
      const before = await databaseDigest(app.app);
      const res = await app.call(
        "submit",
        "oauth_login",
        app.activity("ACTIVITY_TYPE_OAUTH_LOGIN", other.organizationId, {
          oidcToken: token,
          publicKey: session.publicKey,
        }),
        other.key,
      );
      expect(res.body.message).toMatch(/oidcToken expired at/);
      expect(res.status).toBe(401);
      expect(await databaseDigest(app.app)).toEqual(before);
    } finally {
      await app.close();
    }
  });

  it("a token whose nonce is bound to another key", async () => {
    const token = await issuer.idToken({ sub: SUB, nonce: loginNonce(keyPair().publicKey) });
    await refused(
      token,
      401,
      new RegExp(`nonce must be sha256 of the requested public key \\(${loginNonce(session.publicKey)}\\)`),
    );
  });

  it("alg none", async () => {
    await refused(unsigned(await good()), 401, /unsigned \(alg none\)/);
  });

  it("HS256 with the issuer's public key as the secret", async () => {
    const rsa = (await issuer.jwks()).keys.find((k) => k.kty === "RSA")!;
    await refused(hmacWithPublicKey(await good(), rsa), 401, /HS256, a shared-secret algorithm/);
  });

  it("a malformed token, naming the field", async () => {
    await refused("hello", 400, /parameters.oidcToken must be a signed JWT/);
  });

  it("and the right token still logs in afterwards", async () => {
    const res = await scene.login(org.organizationId, org.key, await good(), session.publicKey);
    expect(res.status).toBe(200);
  });
});

describe("an issuer whose keys cannot be fetched", () => {
  it("is a 503 naming it, writing nothing; a linked identity's token verified before keeps working while cached", async () => {
    const down = await startTestIssuer({ jwksCacheControl: "max-age=600" });
    const app = await startTestApp({ env: { LATCHKEY_OIDC_ISSUERS: down.issuer } });
    const local = oidcScene(() => app);
    try {
      const acme = await app.newOrganization("Acme");
      const linked = await local.link(
        acme.organizationId,
        acme.key,
        acme.userId,
        await down.idToken({ sub: SUB, nonce: "x" }),
      );
      expect(linked.status).toBe(200);
      const later = await down.idToken({ sub: SUB, nonce: loginNonce(session.publicKey) });
      await down.close();
      // Within the keys' lifetime: still verified from the cache.
      expect((await local.login(acme.organizationId, acme.key, later, session.publicKey)).status).toBe(200);
      app.clock.advance(601_000);
      const before = await databaseDigest(app.app);
      const res = await local.login(acme.organizationId, acme.key, later, session.publicKey);
      expect(res.status).toBe(503);
      expect(res.body.message).toContain(`signing keys of issuer ${down.issuer} could not be fetched`);
      expect(await databaseDigest(app.app)).toEqual(before);
    } finally {
      await app.close();
    }
  });
});
