import { decryptCredentialBundle, generateP256KeyPair } from "@turnkey/crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseDump } from "../../testing/db-snapshot";
import { startTestApp, type TestApp, type TestKey } from "../../testing/harness";
import { oauth2Scene } from "../../testing/oauth2-scene";
import { startTestIssuer, type TestIssuer } from "../../testing/oidc-issuer";
import { loginNonce, verifyOidcToken } from "../verify";

/** OAuth 2.0 credentials and the code exchange, against a real oidc-provider issuer. */
let issuer: TestIssuer;
let t: TestApp;
let org: { organizationId: string; userId: string; key: TestKey };
let serverKey: string;
const scene = oauth2Scene(() => t);
const SECRET = "latchkey-app-secret";
const nonce = loginNonce(generateP256KeyPair().publicKeyUncompressed);

beforeAll(async () => {
  issuer = await startTestIssuer();
  t = await startTestApp({
    env: {
      LATCHKEY_OIDC_ISSUERS: issuer.issuer,
      LATCHKEY_OAUTH2_PROVIDERS: `OAUTH2_PROVIDER_DISCORD=${issuer.issuer}`,
    },
  });
  org = await t.newOrganization("Acme");
  serverKey = await scene.encryptionKey(org.organizationId, org.key);
});
afterAll(async () => {
  await t?.close();
  await issuer?.close();
});

async function newCredential(clientId = "latchkey-app", secret = SECRET): Promise<string> {
  const res = await scene.create(org.organizationId, org.key, {
    provider: "OAUTH2_PROVIDER_DISCORD",
    clientId,
    encryptedClientSecret: await scene.encrypt(secret, serverKey),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.activity.result.createOauth2CredentialResult.oauth2CredentialId;
}

describe("OAuth 2.0 credentials", () => {
  it("publishes an uncompressed P-256 key for encryptOauth2ClientSecret", () => {
    expect(serverKey).toMatch(/^04[0-9a-f]{128}$/);
  });

  it("create, get, list, update, delete: the secret is sealed and never returned", async () => {
    const id = await newCredential();
    const got = await scene.get(org.organizationId, org.key, id);
    expect(got.status).toBe(200);
    expect(got.body.oauth2Credential).toMatchObject({
      oauth2CredentialId: id,
      organizationId: org.organizationId,
      provider: "OAUTH2_PROVIDER_DISCORD",
      clientId: "latchkey-app",
      encryptedClientSecret: "",
    });
    const listed = await scene.list(org.organizationId, org.key);
    expect(
      listed.body.oauth2Credentials.map((c: { oauth2CredentialId: string }) => c.oauth2CredentialId),
    ).toContain(id);
    expect(await databaseDump(t.app)).not.toContain(SECRET);

    const updated = await scene.update(org.organizationId, org.key, {
      oauth2CredentialId: id,
      provider: "OAUTH2_PROVIDER_DISCORD",
      clientId: "other-app",
      encryptedClientSecret: await scene.encrypt("other-app-secret", serverKey),
    });
    expect(updated.status).toBe(200);
    expect(updated.body.activity.result.updateOauth2CredentialResult.oauth2CredentialId).toBe(id);
    expect((await scene.get(org.organizationId, org.key, id)).body.oauth2Credential.clientId).toBe(
      "other-app",
    );

    const deleted = await scene.remove(org.organizationId, org.key, id);
    expect(deleted.status).toBe(200);
    expect(deleted.body.activity.result.deleteOauth2CredentialResult.oauth2CredentialId).toBe(id);
    expect((await scene.get(org.organizationId, org.key, id)).status).toBe(404);
  });
});

describe("oauth2_authenticate", () => {
  it("exchanges a code + PKCE verifier and returns the issuer's verified ID token", async () => {
    const id = await newCredential();
    const code = await issuer.authorize({ sub: "erin", nonce });
    const res = await scene.authenticate(org.organizationId, org.key, id, code, nonce);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
    const { oidcToken } = res.body.activity.result.oauth2AuthenticateResult;
    const identity = await verifyOidcToken(t.app, oidcToken, { field: "oidcToken", nonce });
    expect(identity).toEqual({ issuer: issuer.issuer, subject: "erin", audience: "latchkey-app" });
  });

  it("encrypts the token to bearerTokenTargetPublicKey: @turnkey/crypto opens it", async () => {
    const id = await newCredential();
    const target = generateP256KeyPair();
    const code = await issuer.authorize({ sub: "erin", nonce });
    const res = await scene.authenticate(org.organizationId, org.key, id, code, nonce, {
      bearerTokenTargetPublicKey: target.publicKeyUncompressed,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const bundle = res.body.activity.result.oauth2AuthenticateResult.oidcToken as string;
    expect(bundle.split(".")).toHaveLength(1);
    const token = Buffer.from(decryptCredentialBundle(bundle, target.privateKey), "hex").toString("utf8");
    const identity = await verifyOidcToken(t.app, token, { field: "oidcToken", nonce });
    expect(identity.subject).toBe("erin");
  });
});
