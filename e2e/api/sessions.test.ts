import { ApiKeyStamper } from "@turnkey/api-key-stamper";
import {
  decryptCredentialBundle,
  generateP256KeyPair,
  getPublicKey,
  verifySessionJwtSignature,
} from "@turnkey/crypto";
import { Turnkey } from "@turnkey/sdk-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../support/server";

type Client = ReturnType<Turnkey["apiClient"]>;

let server: RunningServer;
let root: Client;
let orgId: string;
let serverKey: string;

function clientFor(key: { publicKey: string; privateKey: string }): Client {
  return new Turnkey({
    apiBaseUrl: server.baseUrl,
    apiPublicKey: key.publicKey,
    apiPrivateKey: key.privateKey,
    defaultOrganizationId: orgId,
    activityPoller: { intervalMs: 50, numRetries: 1 },
  }).apiClient();
}

/** The Latchkey extension query has no SDK method: stamp it the way every client stamps a query. */
async function fetchServerSigningKey(): Promise<{ publicKey: string; curve: string }> {
  const body = JSON.stringify({ organizationId: orgId });
  const stamper = new ApiKeyStamper({
    apiPublicKey: server.root.publicKey,
    apiPrivateKey: server.root.privateKey,
  });
  const stamp = await stamper.stamp(body);
  const res = await fetch(`${server.baseUrl}/public/v1/query/get_server_signing_key`, {
    method: "POST",
    headers: { "content-type": "application/json", [stamp.stampHeaderName]: stamp.stampHeaderValue },
    body,
  });
  expect(res.status).toBe(200);
  return res.json();
}

/** The client side of a read-write session: decrypt the bundle with the target key, stamp with what is inside. */
function sessionClient(credentialBundle: string, targetPrivateKey: string): Client {
  const privateKey = decryptCredentialBundle(credentialBundle, targetPrivateKey);
  return clientFor({ publicKey: Buffer.from(getPublicKey(privateKey, true)).toString("hex"), privateKey });
}

beforeAll(async () => {
  server = await startServer();
  orgId = server.root.organizationId;
  root = clientFor(server.root);
  serverKey = (await fetchServerSigningKey()).publicKey;
});
afterAll(async () => server?.stop());

describe("sessions through @turnkey/sdk-server against a started Latchkey", () => {
  it("get_server_signing_key serves an uncompressed P-256 key", async () => {
    expect(await fetchServerSigningKey()).toMatchObject({ publicKey: serverKey, curve: "CURVE_P256" });
    expect(serverKey).toMatch(/^04[0-9a-f]{128}$/);
  });

  it("createReadWriteSession: the bundle opens to a key that acts as the user; invalidateExisting ends it", async () => {
    const target = generateP256KeyPair();
    const created = await root.createReadWriteSession({
      targetPublicKey: target.publicKeyUncompressed,
      expirationSeconds: "600",
    });
    expect(created).toMatchObject({
      organizationId: orgId,
      organizationName: "Black box",
      userId: server.root.userId,
      username: "root",
    });
    const session = sessionClient(created.credentialBundle, target.privateKey);
    expect((await session.getWhoami({ organizationId: orgId })).userId).toBe(server.root.userId);
    const { apiKey } = await session.getApiKey({ apiKeyId: created.apiKeyId });
    expect(apiKey.credential.type).toBe("CREDENTIAL_TYPE_READ_WRITE_SESSION_KEY_P256");

    const nextTarget = generateP256KeyPair();
    const next = await session.createReadWriteSession({
      targetPublicKey: nextTarget.publicKeyUncompressed,
      invalidateExisting: true,
    });
    const nextSession = sessionClient(next.credentialBundle, nextTarget.privateKey);
    expect((await nextSession.getWhoami({ organizationId: orgId })).userId).toBe(server.root.userId);
    await expect(session.getWhoami({ organizationId: orgId })).rejects.toThrow(/could not find public key/);
  });

  it("createReadWriteSession for someone else: allowed to root, denied to a non-root user", async () => {
    const carolKey = generateP256KeyPair();
    const { userIds } = await root.createUsers({
      users: [
        {
          userName: "carol",
          apiKeys: [{ apiKeyName: "carol", publicKey: carolKey.publicKey, curveType: "API_KEY_CURVE_P256" }],
          authenticators: [],
          oauthProviders: [],
          userTags: [],
        },
      ],
    });
    const carolId = userIds[0]!;
    const target = generateP256KeyPair();
    const forCarol = await root.createReadWriteSession({
      targetPublicKey: target.publicKeyUncompressed,
      userId: carolId,
    });
    expect(forCarol.username).toBe("carol");
    const asCarol = sessionClient(forCarol.credentialBundle, target.privateKey);
    expect((await asCarol.getWhoami({ organizationId: orgId })).userId).toBe(carolId);

    const carol = clientFor(carolKey);
    await expect(
      carol.createReadWriteSession({
        targetPublicKey: generateP256KeyPair().publicKeyUncompressed,
        userId: server.root.userId,
      }),
    ).rejects.toThrow(/denied for user .*implicit deny/);
  });

  it("a bad targetPublicKey is a TurnkeyRequestError naming the field", async () => {
    await expect(root.createReadWriteSession({ targetPublicKey: `04${"11".repeat(64)}` })).rejects.toThrow(
      /parameters\.targetPublicKey: must be a point on P-256/,
    );
  });

  it("createReadOnlySession: a read-only session JWT that verifies with the pinned server key", async () => {
    const created = await root.createReadOnlySession({});
    expect(created).toMatchObject({ organizationId: orgId, userId: server.root.userId, username: "root" });
    expect(await verifySessionJwtSignature(created.session, serverKey)).toBe(true);
    const claims = JSON.parse(Buffer.from(created.session.split(".")[1]!, "base64url").toString("utf8"));
    expect(claims).toMatchObject({
      session_type: "SESSION_TYPE_READ_ONLY",
      user_id: server.root.userId,
      organization_id: orgId,
      exp: Number(created.sessionExpiry),
    });
  });

  it("createReadOnlySession: the JWT sent alone as X-Session reads as the user; activities still need a stamp", async () => {
    // Neither @turnkey/sdk-server nor @turnkey/http sends X-Session (only @turnkey/sdk-browser
    // does, from its readOnlySession config): send it the way that client does, over fetch.
    const { session } = await root.createReadOnlySession({});
    const post = (kind: string, path: string, body: unknown) =>
      fetch(`${server.baseUrl}/public/v1/${kind}/${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", "X-Session": session },
        body: JSON.stringify(body),
      });
    const read = await post("query", "whoami", { organizationId: orgId });
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({ organizationId: orgId, userId: server.root.userId });

    const write = await post("submit", "create_read_only_session", {
      type: "ACTIVITY_TYPE_CREATE_READ_ONLY_SESSION",
      timestampMs: String(Date.now()),
      organizationId: orgId,
      parameters: {},
    });
    expect(write.status).toBe(401);
    expect((await write.json()).details[0].turnkeyErrorCode).toBe("SESSION_READ_ONLY");
  });

  it("stampLogin: a session JWT for a client-held key that then stamps requests", async () => {
    const sessionKey = generateP256KeyPair();
    const { session } = await root.stampLogin({ publicKey: sessionKey.publicKey, expirationSeconds: "300" });
    expect(await verifySessionJwtSignature(session, serverKey)).toBe(true);
    const asSession = clientFor(sessionKey);
    expect((await asSession.getWhoami({ organizationId: orgId })).userId).toBe(server.root.userId);
  });
});
