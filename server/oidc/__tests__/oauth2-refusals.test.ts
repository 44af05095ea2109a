import { generateP256KeyPair } from "@turnkey/crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseDigest } from "../../testing/db-snapshot";
import { startTestApp, type TestApp, type TestKey } from "../../testing/harness";
import { oauth2Scene } from "../../testing/oauth2-scene";
import { type AuthorizationCode, startTestIssuer, type TestIssuer } from "../../testing/oidc-issuer";
import type { Body } from "../../testing/otp-scene";
import { loginNonce } from "../verify";

/** Every bad exchange or credential is refused clearly through the API, and writes nothing. */
let issuer: TestIssuer;
let down: TestIssuer;
let t: TestApp;
let acme: { organizationId: string; userId: string; key: TestKey };
let other: { organizationId: string; userId: string; key: TestKey };
let serverKey: string;
let credentialId: string;
let downCredentialId: string;
const scene = oauth2Scene(() => t);
const nonce = loginNonce(generateP256KeyPair().publicKeyUncompressed);

async function create(orgId: string, key: TestKey, provider: string) {
  const res = await scene.create(orgId, key, {
    provider,
    clientId: "latchkey-app",
    encryptedClientSecret: await scene.encrypt("latchkey-app-secret", serverKey),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.activity.result.createOauth2CredentialResult.oauth2CredentialId as string;
}

beforeAll(async () => {
  issuer = await startTestIssuer();
  down = await startTestIssuer();
  t = await startTestApp({
    env: {
      LATCHKEY_OIDC_ISSUERS: `${issuer.issuer},${down.issuer}`,
      LATCHKEY_OAUTH2_PROVIDERS: `OAUTH2_PROVIDER_DISCORD=${issuer.issuer},OAUTH2_PROVIDER_X=${down.issuer}`,
    },
  });
  acme = await t.newOrganization("Acme");
  other = await t.newOrganization("Other");
  serverKey = await scene.encryptionKey(acme.organizationId, acme.key);
  credentialId = await create(acme.organizationId, acme.key, "OAUTH2_PROVIDER_DISCORD");
  downCredentialId = await create(acme.organizationId, acme.key, "OAUTH2_PROVIDER_X");
});
afterAll(async () => {
  await t?.close();
  await issuer?.close();
  await down?.close();
});

/** `request` is refused with `status` and a message matching `says`; nothing changes. */
async function refused(request: () => Promise<{ status: number; body: Body }>, status: number, says: RegExp) {
  const before = await databaseDigest(t.app);
  const res = await request();
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.message).toMatch(says);
  expect(await databaseDigest(t.app)).toEqual(before);
}

const authenticate = (code: AuthorizationCode, id = credentialId, org = acme) =>
  scene.authenticate(org.organizationId, org.key, id, code, nonce);

describe("oauth2_authenticate refuses", () => {
  it("a code the issuer never issued", async () => {
    const code = await issuer.authorize({ sub: "erin", nonce });
    await refused(
      () => authenticate({ ...code, code: "not-a-code" }),
      400,
      /refused the authorization code \(invalid_grant/,
    );
  });

  it("a code used once already", async () => {
    const code = await issuer.authorize({ sub: "erin", nonce });
    expect((await authenticate(code)).status).toBe(200);
    await refused(() => authenticate(code), 400, /refused the authorization code \(invalid_grant/);
  });

  it("a code with another PKCE verifier", async () => {
    const code = await issuer.authorize({ sub: "erin", nonce });
    const verifier = "x".repeat(43);
    await refused(
      () => authenticate({ ...code, codeVerifier: verifier }),
      400,
      /invalid_grant.*PKCE|invalid_grant/,
    );
  });

  it("a token whose nonce is not the intent's", async () => {
    const code = await issuer.authorize({ sub: "erin", nonce: "another-nonce" });
    await refused(() => authenticate(code), 401, new RegExp(`nonce must be ${nonce}`));
  });

  it("an unknown credential id", async () => {
    const code = await issuer.authorize({ sub: "erin", nonce });
    await refused(
      () => authenticate(code, "no-such-credential"),
      404,
      /OAuth 2.0 credential.*no-such-credential/,
    );
  });

  it("another organization's credential", async () => {
    const code = await issuer.authorize({ sub: "erin", nonce });
    await refused(() => authenticate(code, credentialId, other), 404, new RegExp(credentialId));
  });

  it("a provider whose issuer is down (503)", async () => {
    const code = await down.authorize({ sub: "erin", nonce });
    await down.close();
    await refused(() => authenticate(code, downCredentialId), 503, new RegExp(`issuer ${down.issuer}`));
  });
});

describe("create_oauth2_credential refuses", () => {
  it("a secret not encrypted to this server's key", async () => {
    const stranger = generateP256KeyPair().publicKeyUncompressed;
    const encryptedClientSecret = await scene.encrypt("latchkey-app-secret", stranger);
    await refused(
      () =>
        scene.create(acme.organizationId, acme.key, {
          provider: "OAUTH2_PROVIDER_DISCORD",
          clientId: "latchkey-app",
          encryptedClientSecret,
        }),
      400,
      /encryptedClientSecret does not decrypt with this server's OAuth 2.0 encryption key/,
    );
  });

  it("a secret that is not an envelope at all", async () => {
    await refused(
      () =>
        scene.create(acme.organizationId, acme.key, {
          provider: "OAUTH2_PROVIDER_DISCORD",
          clientId: "latchkey-app",
          encryptedClientSecret: "plain-text-secret",
        }),
      400,
      /encryptedClientSecret must be hex/,
    );
  });

  it("updating another organization's credential", async () => {
    await refused(
      async () =>
        scene.update(other.organizationId, other.key, {
          oauth2CredentialId: credentialId,
          provider: "OAUTH2_PROVIDER_DISCORD",
          clientId: "x",
          encryptedClientSecret: await scene.encrypt("s", serverKey),
        }),
      404,
      new RegExp(credentialId),
    );
    await refused(
      () => scene.remove(other.organizationId, other.key, credentialId),
      404,
      new RegExp(credentialId),
    );
    expect((await scene.get(other.organizationId, other.key, credentialId)).status).toBe(404);
  });
});
