import { ApiKeyStamper } from "@turnkey/api-key-stamper";
import {
  decryptCredentialBundle,
  generateP256KeyPair,
  getPublicKey,
  verifySessionJwtSignature,
} from "@turnkey/crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp, type TestKey } from "../../testing/harness";
import { startTestIssuer, type TestIssuer } from "../../testing/oidc-issuer";
import { oidcScene } from "../../testing/oidc-scene";
import { keyPair, otpScene } from "../../testing/otp-scene";
import { loginNonce } from "../verify";

let issuer: TestIssuer;
let t: TestApp;
let org: { organizationId: string; userId: string; key: TestKey };
const scene = oidcScene(() => t);
const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split(".")[1]!, "base64url").toString());

beforeAll(async () => {
  issuer = await startTestIssuer();
  t = await startTestApp({ env: { LATCHKEY_OIDC_ISSUERS: issuer.issuer } });
  org = await t.newOrganization("Acme");
});
afterAll(async () => {
  await t?.close();
  await issuer?.close();
});

describe("linked identities", () => {
  it("create_oauth_providers links the verified token's identity; get_oauth_providers lists it; delete unlinks", async () => {
    const token = await issuer.idToken({ sub: "carol", nonce: "any" });
    const linked = await scene.link(org.organizationId, org.key, org.userId, token, "Google");
    expect(linked.status).toBe(200);
    const [providerId] = linked.body.activity.result.createOauthProvidersResultV2.providerIds;
    const listed = await scene.providers(org.organizationId, org.key, org.userId);
    expect(listed.body.oauthProviders).toEqual([
      expect.objectContaining({
        providerId,
        providerName: "Google",
        issuer: issuer.issuer,
        audience: "latchkey-app",
        subject: "carol",
      }),
    ]);
    // The user's own record shows the linked identity, as the reference's v1User does.
    const user = await t.call<{ user: { oauthProviders: unknown[] } }>(
      "query",
      "get_user",
      { organizationId: org.organizationId, userId: org.userId },
      org.key,
    );
    expect(user.body.user.oauthProviders).toEqual([
      expect.objectContaining({ providerId, subject: "carol" }),
    ]);
    const again = await scene.link(org.organizationId, org.key, org.userId, token);
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/carol .* already linked/);

    expect((await scene.unlink(org.organizationId, org.key, org.userId, [providerId])).status).toBe(200);
    expect((await scene.providers(org.organizationId, org.key, org.userId)).body.oauthProviders).toEqual([]);
    const gone = await scene.unlink(org.organizationId, org.key, org.userId, [providerId]);
    expect(gone.status).toBe(404);
  });

  it("a provider entry without a token or claims is a 400 naming it", async () => {
    const res = await t.call(
      "submit",
      "create_oauth_providers",
      t.activity("ACTIVITY_TYPE_CREATE_OAUTH_PROVIDERS_V2", org.organizationId, {
        userId: org.userId,
        oauthProviders: [{ providerName: "Nothing" }],
      }),
      org.key,
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/oauthProviders\[0\] must carry an oidcToken/);
  });
});

describe("social login into a sub-organization, as the SDKs' backend flow does it", () => {
  it("sign-up links the identity; list_suborgs by token finds the account; oauth_login starts a session; oauth returns a credential bundle", async () => {
    // Sign-up as the SDKs do it: the sub-organization's root user is created with the identity.
    const signupToken = await issuer.idToken({ sub: "dave-google", nonce: "signup" });
    const created = await otpScene(
      () => t,
      () => undefined as never,
    ).subOrganization(org, {
      userName: "dave",
      oauthProviders: [{ providerName: "Google", oidcToken: signupToken }],
    });
    const sub = created.subOrganizationId;

    const session = keyPair();
    const token = await issuer.idToken({ sub: "dave-google", nonce: loginNonce(session.publicKey) });
    const found = await scene.suborgsByToken(org.organizationId, org.key, token);
    expect(found.body.organizationIds).toEqual([sub]);

    const login = await scene.login(sub, org.key, token, session.publicKey);
    expect(login.status).toBe(200);
    const jwt = login.body.activity.result.oauthLoginResult.session as string;
    expect(await verifySessionJwtSignature(jwt, t.app.serverKey.publicKeyHex)).toBe(true);
    expect(claimsOf(jwt)).toMatchObject({
      public_key: session.publicKey,
      session_type: "SESSION_TYPE_READ_WRITE",
      user_id: created.subUserId,
      organization_id: sub,
    });
    expect((await scene.whoami(sub, session)).body.userId).toBe(created.subUserId);

    const target = generateP256KeyPair();
    const bundleToken = await issuer.idToken({
      sub: "dave-google",
      nonce: loginNonce(target.publicKeyUncompressed),
    });
    const res = await scene.oauth(sub, org.key, bundleToken, target.publicKeyUncompressed);
    expect(res.status).toBe(200);
    const result = res.body.activity.result.oauthResult;
    expect(result.userId).toBe(created.subUserId);
    const privateKey = decryptCredentialBundle(result.credentialBundle, target.privateKey);
    // The bundled key is a working credential of the user: it stamps requests.
    const apiPublicKey = Buffer.from(getPublicKey(Buffer.from(privateKey, "hex"), true)).toString("hex");
    const stamper = new ApiKeyStamper({ apiPublicKey, apiPrivateKey: privateKey });
    const who = await scene.whoami(sub, { publicKey: apiPublicKey, privateKey, stamper });
    expect(who.body.userId).toBe(created.subUserId);
  });
});

describe("sign-up with a bad token", () => {
  it("create_sub_organization refuses it with a 401 naming the field, creating nothing", async () => {
    const res = await t.call(
      "submit",
      "create_sub_organization",
      t.activity("ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8", org.organizationId, {
        subOrganizationName: "mallory's",
        rootUsers: [
          {
            userName: "mallory",
            apiKeys: [],
            authenticators: [],
            oauthProviders: [{ providerName: "Google", oidcToken: "a.b.c" }],
          },
        ],
        rootQuorumThreshold: 1,
      }),
      org.key,
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/rootUsers\[0\]\.oauthProviders\[0\]\.oidcToken is not an OIDC token/);
    const subs = await t.call<{ organizationIds: string[] }>(
      "query",
      "list_suborgs",
      { organizationId: org.organizationId, filterType: "NAME", filterValue: "mallory's" },
      org.key,
    );
    expect(subs.body.organizationIds).toEqual([]);
  });
});
