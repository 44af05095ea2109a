import { ApiKeyStamper } from "@turnkey/api-key-stamper";
import { generateP256KeyPair, verifySessionJwtSignature } from "@turnkey/crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp, type TestKey } from "../../testing/harness";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

function sessionKey(): TestKey {
  const pair = generateP256KeyPair();
  return {
    publicKey: pair.publicKey,
    privateKey: pair.privateKey,
    stamper: new ApiKeyStamper({ apiPublicKey: pair.publicKey, apiPrivateKey: pair.privateKey }),
  };
}

function decodeClaims(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split(".")[1]!, "base64url").toString("utf8"));
}

async function login(orgId: string, by: TestKey, session: TestKey, extra: Record<string, unknown> = {}) {
  return t.call<{ activity: { status: string; result: { stampLoginResult?: { session: string } } } }>(
    "submit",
    "stamp_login",
    t.activity("ACTIVITY_TYPE_STAMP_LOGIN", orgId, { publicKey: session.publicKey, ...extra }),
    by,
  );
}

describe("stamp_login", () => {
  it("issues a session JWT signed by the server key that @turnkey/crypto verifies", async () => {
    const org = await t.newOrganization();
    const session = sessionKey();
    const res = await login(org.organizationId, org.key, session, { expirationSeconds: "600" });
    expect(res.status).toBe(200);
    expect(res.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
    const jwt = res.body.activity.result.stampLoginResult!.session;
    expect(await verifySessionJwtSignature(jwt, t.app.serverKey.publicKeyHex)).toBe(true);
    // Not by Turnkey's production notarizer: a client must pin this server's key.
    expect(await verifySessionJwtSignature(jwt)).toBe(false);
    const claims = decodeClaims(jwt);
    expect(claims).toEqual({
      exp: Math.floor(t.clock.now().getTime() / 1000) + 600,
      public_key: session.publicKey,
      session_type: "SESSION_TYPE_READ_WRITE",
      user_id: org.userId,
      organization_id: org.organizationId,
    });
  });

  it("lets the session key stamp requests until it expires, then answers 401 SESSION_EXPIRED", async () => {
    const org = await t.newOrganization();
    const session = sessionKey();
    await login(org.organizationId, org.key, session, { expirationSeconds: "60" });
    const me = await t.call("query", "whoami", { organizationId: org.organizationId }, session);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ userId: org.userId });

    const keys = await t.call<{ apiKeys: { credential: { type: string; publicKey: string } }[] }>(
      "query",
      "get_api_keys",
      { organizationId: org.organizationId, userId: org.userId },
      session,
    );
    expect(keys.body.apiKeys.map((k) => k.credential)).toContainEqual({
      type: "CREDENTIAL_TYPE_READ_WRITE_SESSION_KEY_P256",
      publicKey: session.publicKey,
    });

    t.clock.advance(61_000);
    const late = await t.call<{ details: { turnkeyErrorCode?: string }[] }>(
      "query",
      "whoami",
      { organizationId: org.organizationId },
      session,
    );
    expect(late.status).toBe(401);
    expect(late.body.details[0]?.turnkeyErrorCode).toBe("SESSION_EXPIRED");
  });

  it("defaults to the configured 15 minutes and ends earlier sessions with invalidateExisting", async () => {
    const org = await t.newOrganization();
    const first = sessionKey();
    const res = await login(org.organizationId, org.key, first);
    const claims = decodeClaims(res.body.activity.result.stampLoginResult!.session);
    expect(claims.exp).toBe(Math.floor(t.clock.now().getTime() / 1000) + 900);

    const second = sessionKey();
    await login(org.organizationId, org.key, second, { invalidateExisting: true });
    const old = await t.call("query", "whoami", { organizationId: org.organizationId }, first);
    expect(old.status).toBe(401);
    const fresh = await t.call("query", "whoami", { organizationId: org.organizationId }, second);
    expect(fresh.status).toBe(200);
  });

  it("refuses a key that is not a P-256 point and writes no session", async () => {
    const org = await t.newOrganization();
    const res = await t.call<{ message: string }>(
      "submit",
      "stamp_login",
      t.activity("ACTIVITY_TYPE_STAMP_LOGIN", org.organizationId, { publicKey: `02${"ff".repeat(32)}` }),
      org.key,
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("publicKey");
    const keys = await t.call<{ apiKeys: unknown[] }>(
      "query",
      "get_api_keys",
      { organizationId: org.organizationId, userId: org.userId },
      org.key,
    );
    expect(keys.body.apiKeys).toHaveLength(1);
  });
});
