import { ApiKeyStamper } from "@turnkey/api-key-stamper";
import {
  decryptCredentialBundle,
  generateP256KeyPair,
  getPublicKey,
  verifySessionJwtSignature,
} from "@turnkey/crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseDigest } from "../../testing/db-snapshot";
import { newApiKey, startTestApp, type TestApp, type TestKey } from "../../testing/harness";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

interface ReadWriteResult {
  organizationId: string;
  organizationName: string;
  userId: string;
  username: string;
  apiKeyId: string;
  credentialBundle: string;
}
interface ReadOnlyResult {
  organizationId: string;
  organizationName: string;
  userId: string;
  username: string;
  session: string;
  sessionExpiry: string;
}
interface ActivityBody<R> {
  activity: { id: string; status: string; result: R };
}
interface ErrorBody {
  message: string;
  details: { turnkeyErrorCode?: string; fieldViolations?: { field: string }[] }[];
}
interface ApiKeysBody {
  apiKeys: {
    apiKeyId: string;
    apiKeyName: string;
    expirationSeconds?: string;
    credential: { type: string; publicKey: string };
  }[];
}

const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000);

async function createSession(orgId: string, by: TestKey, parameters: Record<string, unknown>) {
  return t.call<ActivityBody<{ createReadWriteSessionResultV2?: ReadWriteResult }> & ErrorBody>(
    "submit",
    "create_read_write_session",
    t.activity("ACTIVITY_TYPE_CREATE_READ_WRITE_SESSION_V2", orgId, parameters),
    by,
  );
}

/** What a client does with the result: decrypt the bundle with its target key and stamp with what's inside. */
function openBundle(bundle: string, targetPrivateKey: string): TestKey {
  const privateKey = decryptCredentialBundle(bundle, targetPrivateKey);
  const publicKey = Buffer.from(getPublicKey(privateKey, true)).toString("hex");
  return {
    publicKey,
    privateKey,
    stamper: new ApiKeyStamper({ apiPublicKey: publicKey, apiPrivateKey: privateKey }),
  };
}

async function newSession(orgId: string, by: TestKey, parameters: Record<string, unknown> = {}) {
  const target = generateP256KeyPair();
  const res = await createSession(orgId, by, {
    targetPublicKey: target.publicKeyUncompressed,
    ...parameters,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
  const result = res.body.activity.result.createReadWriteSessionResultV2!;
  return { result, key: openBundle(result.credentialBundle, target.privateKey), target };
}

async function apiKeysOf(orgId: string, userId: string, by: TestKey) {
  const res = await t.call<ApiKeysBody>("query", "get_api_keys", { organizationId: orgId, userId }, by);
  expect(res.status).toBe(200);
  return res.body.apiKeys;
}

const whoami = (orgId: string, key: TestKey) =>
  t.call<{ userId: string } & ErrorBody>("query", "whoami", { organizationId: orgId }, key);

describe("create_read_write_session", () => {
  it("returns a bundle that opens to a session key which stamps until it expires, then 401 SESSION_EXPIRED", async () => {
    const org = await t.newOrganization("Sessions Inc");
    const { result, key, target } = await newSession(org.organizationId, org.key, {
      expirationSeconds: "120",
    });
    expect(result).toMatchObject({
      organizationId: org.organizationId,
      organizationName: "Sessions Inc",
      userId: org.userId,
      username: "root",
    });
    expect(() =>
      decryptCredentialBundle(result.credentialBundle, generateP256KeyPair().privateKey),
    ).toThrow();
    expect(key.privateKey).not.toBe(target.privateKey);

    expect((await whoami(org.organizationId, key)).body.userId).toBe(org.userId);
    const keys = await apiKeysOf(org.organizationId, org.userId, key);
    expect(keys.find((k) => k.apiKeyId === result.apiKeyId)).toMatchObject({
      apiKeyName: expect.stringMatching(/^Read Write Session - /),
      expirationSeconds: "120",
      credential: { type: "CREDENTIAL_TYPE_READ_WRITE_SESSION_KEY_P256", publicKey: key.publicKey },
    });

    t.clock.advance(119_000);
    expect((await whoami(org.organizationId, key)).status).toBe(200);
    t.clock.advance(2_000);
    const late = await whoami(org.organizationId, key);
    expect(late.status).toBe(401);
    expect(late.body.details[0]?.turnkeyErrorCode).toBe("SESSION_EXPIRED");
    expect((await whoami(org.organizationId, org.key)).status).toBe(200);
  });

  it("defaults to 15 minutes, takes apiKeyName, and lets a session key start the next session", async () => {
    const org = await t.newOrganization();
    const first = await newSession(org.organizationId, org.key, { apiKeyName: "laptop" });
    const second = await newSession(org.organizationId, first.key);
    const keys = await apiKeysOf(org.organizationId, org.userId, org.key);
    expect(keys.find((k) => k.apiKeyId === first.result.apiKeyId)).toMatchObject({
      apiKeyName: "laptop",
      expirationSeconds: "900",
    });
    expect(keys).toHaveLength(3);
    expect((await whoami(org.organizationId, second.key)).status).toBe(200);
  });

  it("ends the user's earlier sessions with invalidateExisting, and only theirs", async () => {
    const org = await t.newOrganization();
    const bob = await t.newMember(org.organizationId, org.key, "bob");
    const bobsSession = await newSession(org.organizationId, bob.key);
    const first = await newSession(org.organizationId, org.key);
    const second = await newSession(org.organizationId, org.key);
    const third = await newSession(org.organizationId, org.key, { invalidateExisting: true });

    for (const ended of [first, second]) {
      const res = await whoami(org.organizationId, ended.key);
      expect(res.status).toBe(401);
      expect(res.body.details[0]?.turnkeyErrorCode).toBe("PUBLIC_KEY_NOT_FOUND");
    }
    expect((await whoami(org.organizationId, third.key)).status).toBe(200);
    expect((await whoami(org.organizationId, org.key)).status).toBe(200); // API keys are not sessions
    expect((await whoami(org.organizationId, bobsSession.key)).body.userId).toBe(bob.userId);
  });

  it("lets a root user start a session for another user, who then acts as themselves", async () => {
    const org = await t.newOrganization();
    const bob = await t.newMember(org.organizationId, org.key, "bob");
    const { result, key } = await newSession(org.organizationId, org.key, { userId: bob.userId });
    expect(result).toMatchObject({ userId: bob.userId, username: "bob" });
    expect((await whoami(org.organizationId, key)).body.userId).toBe(bob.userId);
    const bobsKeys = await apiKeysOf(org.organizationId, bob.userId, org.key);
    expect(bobsKeys.map((k) => k.apiKeyId)).toContain(result.apiKeyId);
  });

  it("denies a non-root user a session for someone else, and writes no session key", async () => {
    const org = await t.newOrganization();
    const bob = await t.newMember(org.organizationId, org.key, "bob");
    const res = await createSession(org.organizationId, bob.key, {
      targetPublicKey: generateP256KeyPair().publicKeyUncompressed,
      userId: org.userId,
    });
    expect(res.status).toBe(403);
    expect(res.body.details[0]?.turnkeyErrorCode).toBe("POLICY_DENIED");
    expect(res.body.message).toContain("ACTIVITY_TYPE_CREATE_READ_WRITE_SESSION_V2 denied");
    expect(await apiKeysOf(org.organizationId, org.userId, org.key)).toHaveLength(1);

    // Their own session is theirs to start.
    const own = await newSession(org.organizationId, bob.key, { userId: bob.userId });
    expect(own.result.userId).toBe(bob.userId);
  });

  it("answers 404 for a user not in the organization, writing nothing", async () => {
    const org = await t.newOrganization();
    const elsewhere = await t.newOrganization();
    const before = await databaseDigest(t.app);
    const res = await createSession(org.organizationId, org.key, {
      targetPublicKey: generateP256KeyPair().publicKeyUncompressed,
      userId: elsewhere.userId,
    });
    expect(res.status).toBe(404);
    expect(res.body.details[0]?.turnkeyErrorCode).toBe("USER_NOT_FOUND");
    expect(res.body.message).toContain(elsewhere.userId);
    expect(await databaseDigest(t.app)).toEqual(before);
  });

  const badTargets: [string, string, string][] = [
    [
      "compressed",
      generateP256KeyPair().publicKey,
      "must be an uncompressed P-256 public key (130 hex characters)",
    ],
    ["not on the curve", `04${"11".repeat(64)}`, "must be a point on P-256"],
    ["not hex", `04${"zz".repeat(64)}`, "must be an uncompressed P-256 public key (130 hex characters)"],
    ["empty", "", "must be an uncompressed P-256 public key (130 hex characters)"],
  ];
  for (const [name, targetPublicKey, why] of badTargets) {
    it(`refuses a targetPublicKey that is ${name} with a 400 naming the field, writing nothing`, async () => {
      const org = await t.newOrganization();
      const before = await databaseDigest(t.app);
      const res = await createSession(org.organizationId, org.key, { targetPublicKey });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(`parameters.targetPublicKey: ${why}`);
      expect(res.body.details[1]?.fieldViolations?.map((v) => v.field)).toEqual([
        "parameters.targetPublicKey",
      ]);
      expect(await databaseDigest(t.app)).toEqual(before);
    });
  }

  it("returns the same activity and bundle for the same signed body, creating one key", async () => {
    const org = await t.newOrganization();
    const body = JSON.stringify(
      t.activity("ACTIVITY_TYPE_CREATE_READ_WRITE_SESSION_V2", org.organizationId, {
        targetPublicKey: generateP256KeyPair().publicKeyUncompressed,
      }),
    );
    const a = await t.call<ActivityBody<unknown>>("submit", "create_read_write_session", body, org.key);
    const b = await t.call<ActivityBody<unknown>>("submit", "create_read_write_session", body, org.key);
    expect(b.body.activity).toEqual(a.body.activity);
    expect(await apiKeysOf(org.organizationId, org.userId, org.key)).toHaveLength(2);
  });
});

describe("create_read_only_session", () => {
  it("issues a read-only session JWT signed by the server key, expiring in 1 hour", async () => {
    const org = await t.newOrganization("Readers");
    const res = await t.call<ActivityBody<{ createReadOnlySessionResult: ReadOnlyResult }>>(
      "submit",
      "create_read_only_session",
      t.activity("ACTIVITY_TYPE_CREATE_READ_ONLY_SESSION", org.organizationId, {}),
      org.key,
    );
    expect(res.status).toBe(200);
    expect(res.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
    const result = res.body.activity.result.createReadOnlySessionResult;
    const exp = nowSeconds() + 3600;
    expect(result).toEqual({
      organizationId: org.organizationId,
      organizationName: "Readers",
      userId: org.userId,
      username: "root",
      session: expect.any(String),
      sessionExpiry: String(exp),
    });
    expect(await verifySessionJwtSignature(result.session, t.app.serverKey.publicKeyHex)).toBe(true);
    expect(await verifySessionJwtSignature(result.session)).toBe(false);
    const [header, claims] = result.session
      .split(".")
      .slice(0, 2)
      .map((part) => JSON.parse(Buffer.from(part, "base64url").toString("utf8")));
    expect(header).toEqual({ alg: "ES256", typ: "JWT" });
    expect(claims).toEqual({
      exp,
      public_key: "",
      session_type: "SESSION_TYPE_READ_ONLY",
      user_id: org.userId,
      organization_id: org.organizationId,
    });

    // Sent alone as X-Session (as @turnkey/sdk-browser does), it lets its user read without a stamp.
    const unstamped = await t.call<{ userId: string; organizationId: string }>(
      "query",
      "whoami",
      { organizationId: org.organizationId },
      { headers: { "X-Session": result.session } },
    );
    expect(unstamped.status).toBe(200);
    expect(unstamped.body).toMatchObject({ userId: org.userId, organizationId: org.organizationId });
  });

  it("is open to non-root users, for themselves", async () => {
    const org = await t.newOrganization();
    const bob = await t.newMember(org.organizationId, org.key, "bob");
    const res = await t.call<ActivityBody<{ createReadOnlySessionResult: ReadOnlyResult }>>(
      "submit",
      "create_read_only_session",
      t.activity("ACTIVITY_TYPE_CREATE_READ_ONLY_SESSION", org.organizationId, {}),
      bob.key,
    );
    expect(res.status).toBe(200);
    expect(res.body.activity.result.createReadOnlySessionResult).toMatchObject({
      userId: bob.userId,
      username: "bob",
    });
  });
});

describe("get_server_signing_key", () => {
  it("serves the key that verifies this server's session JWTs, to stamped callers only", async () => {
    const org = await t.newOrganization();
    const res = await t.call<{ publicKey: string; curve: string; usage: string[] }>(
      "query",
      "get_server_signing_key",
      { organizationId: org.organizationId },
      org.key,
    );
    expect(res.status).toBe(200);
    expect(res.body.curve).toBe("CURVE_P256");
    expect(res.body.publicKey).toMatch(/^04[0-9a-f]{128}$/);
    expect(res.body.usage.join(" ")).toContain("verifySessionJwtSignature");

    const session = newApiKey();
    const login = await t.call<ActivityBody<{ stampLoginResult: { session: string } }>>(
      "submit",
      "stamp_login",
      t.activity("ACTIVITY_TYPE_STAMP_LOGIN", org.organizationId, { publicKey: session.publicKey }),
      org.key,
    );
    const jwt = login.body.activity.result.stampLoginResult.session;
    expect(await verifySessionJwtSignature(jwt, res.body.publicKey)).toBe(true);

    const unstamped = await t.call<ErrorBody>(
      "query",
      "get_server_signing_key",
      { organizationId: org.organizationId },
      null,
    );
    expect(unstamped.status).toBe(401);
  });
});
