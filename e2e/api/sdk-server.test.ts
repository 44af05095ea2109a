import { generateP256KeyPair } from "@turnkey/crypto";
import { Turnkey } from "@turnkey/sdk-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../support/server";

let server: RunningServer;
let client: ReturnType<Turnkey["apiClient"]>;

beforeAll(async () => {
  server = await startServer();
  client = new Turnkey({
    apiBaseUrl: server.baseUrl,
    apiPublicKey: server.root.publicKey,
    apiPrivateKey: server.root.privateKey,
    defaultOrganizationId: server.root.organizationId,
    activityPoller: { intervalMs: 50, numRetries: 2 },
  }).apiClient();
});
afterAll(async () => server?.stop());

describe("@turnkey/sdk-server against a started Latchkey", () => {
  it("getWhoami names the root user", async () => {
    const me = await client.getWhoami({ organizationId: server.root.organizationId });
    expect(me).toMatchObject({
      organizationId: server.root.organizationId,
      organizationName: "Black box",
      userId: server.root.userId,
      username: "root",
    });
  });

  it("createUsers returns the new user's id and getUser reads it back", async () => {
    const key = generateP256KeyPair();
    const created = await client.createUsers({
      users: [
        {
          userName: "bob",
          userEmail: "bob@example.com",
          apiKeys: [{ apiKeyName: "bob-key", publicKey: key.publicKey, curveType: "API_KEY_CURVE_P256" }],
          authenticators: [],
          oauthProviders: [],
          userTags: [],
        },
      ],
    });
    expect(created.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
    expect(created.userIds).toHaveLength(1);
    const { user } = await client.getUser({ userId: created.userIds[0]! });
    expect(user.userName).toBe("bob");
    expect(user.apiKeys.map((k) => k.credential.publicKey)).toEqual([key.publicKey]);
  });

  it("a bad stamp is a TurnkeyRequestError naming the reason", async () => {
    const stranger = generateP256KeyPair();
    const other = new Turnkey({
      apiBaseUrl: server.baseUrl,
      apiPublicKey: stranger.publicKey,
      apiPrivateKey: stranger.privateKey,
      defaultOrganizationId: server.root.organizationId,
    }).apiClient();
    await expect(other.getWhoami({ organizationId: server.root.organizationId })).rejects.toThrow(
      /could not find public key in organization/,
    );
  });
});
