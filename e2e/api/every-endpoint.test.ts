import { randomBytes } from "node:crypto";
import { ApiKeyStamper } from "@turnkey/api-key-stamper";
import { generateP256KeyPair } from "@turnkey/crypto";
import { TurnkeyClient } from "@turnkey/http";
import { Turnkey } from "@turnkey/sdk-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { softAuthenticator } from "../../server/testing/soft-authenticator";
import { type RunningServer, startServer } from "../support/server";

type Client = ReturnType<Turnkey["apiClient"]>;

let server: RunningServer;
let root: Client;
let orgId: string;

function clientFor(pair: { publicKey: string; privateKey: string }, organizationId: string): Client {
  return new Turnkey({
    apiBaseUrl: server.baseUrl,
    apiPublicKey: pair.publicKey,
    apiPrivateKey: pair.privateKey,
    defaultOrganizationId: organizationId,
    activityPoller: { intervalMs: 50, numRetries: 1 },
  }).apiClient();
}

const apiKeyParams = (name: string, publicKey: string) => ({
  apiKeyName: name,
  publicKey,
  curveType: "API_KEY_CURVE_P256" as const,
});

beforeAll(async () => {
  server = await startServer();
  orgId = server.root.organizationId;
  root = clientFor(server.root, orgId);
});
afterAll(async () => server?.stop());

describe("every foundation endpoint through @turnkey/sdk-server and @turnkey/http", () => {
  it("users: create, read, list, update name/email/phone, update_user, delete", async () => {
    const key = generateP256KeyPair();
    const { userIds } = await root.createUsers({
      users: [
        {
          userName: "carol",
          apiKeys: [apiKeyParams("carol-key", key.publicKey)],
          authenticators: [],
          oauthProviders: [],
          userTags: [],
        },
      ],
    });
    const userId = userIds[0]!;
    expect((await root.updateUserName({ userId, userName: "carol2" })).userId).toBe(userId);
    expect((await root.updateUserEmail({ userId, userEmail: "carol@example.com" })).userId).toBe(userId);
    expect((await root.updateUserPhoneNumber({ userId, userPhoneNumber: "+14155550123" })).userId).toBe(
      userId,
    );
    let { user } = await root.getUser({ userId });
    expect(user).toMatchObject({
      userName: "carol2",
      userEmail: "carol@example.com",
      userPhoneNumber: "+14155550123",
    });

    await root.updateUserPhoneNumber({ userId, userPhoneNumber: "" });
    ({ user } = await root.getUser({ userId }));
    expect(user.userPhoneNumber).toBeUndefined();
    await expect(root.updateUserPhoneNumber({ userId, userPhoneNumber: "555-0123" })).rejects.toThrow(
      /parameters\.userPhoneNumber/,
    );

    expect((await root.updateUser({ userId, userName: "carol3" })).userId).toBe(userId);
    const { users } = await root.getUsers({});
    expect(users.map((u) => u.userName)).toContain("carol3");

    const deleted = await root.deleteUsers({ userIds: [userId] });
    expect(deleted.userIds).toEqual([userId]);
    const carol = clientFor(key, orgId);
    await expect(carol.getWhoami({ organizationId: orgId })).rejects.toThrow(/could not find public key/);
  });

  it("api keys: create, get one, get all, delete; a deleted key stops working", async () => {
    const extra = generateP256KeyPair();
    const { apiKeyIds } = await root.createApiKeys({
      userId: server.root.userId,
      apiKeys: [{ ...apiKeyParams("extra", extra.publicKey), expirationSeconds: "3600" }],
    });
    const { apiKey } = await root.getApiKey({ apiKeyId: apiKeyIds[0]! });
    expect(apiKey).toMatchObject({
      apiKeyName: "extra",
      expirationSeconds: "3600",
      credential: { publicKey: extra.publicKey, type: "CREDENTIAL_TYPE_API_KEY_P256" },
    });
    const { apiKeys } = await root.getApiKeys({ userId: server.root.userId });
    expect(apiKeys.map((k) => k.apiKeyId)).toContain(apiKeyIds[0]);

    const viaExtra = clientFor(extra, orgId);
    expect((await viaExtra.getWhoami({ organizationId: orgId })).userId).toBe(server.root.userId);
    await root.deleteApiKeys({ userId: server.root.userId, apiKeyIds });
    await expect(viaExtra.getWhoami({ organizationId: orgId })).rejects.toThrow(/could not find public key/);
  });

  it("authenticators: listing a user without passkeys is empty, unknown ids are 404", async () => {
    const { authenticators } = await root.getAuthenticators({ userId: server.root.userId });
    expect(authenticators).toEqual([]);
    await expect(
      root.getAuthenticator({ authenticatorId: "00000000-0000-7000-8000-000000000000" }),
    ).rejects.toThrow(/authenticator not found/);
    await expect(
      root.deleteAuthenticators({
        userId: server.root.userId,
        authenticatorIds: ["00000000-0000-7000-8000-000000000000"],
      }),
    ).rejects.toThrow(/authenticator not found/);
  });

  it("authenticators: register a passkey with createAuthenticators, stamp with it through @turnkey/http, delete it", async () => {
    const passkey = softAuthenticator({ rpId: "localhost", origin: server.baseUrl });
    const challenge = randomBytes(32).toString("base64url");
    const created = await root.createAuthenticators({
      userId: server.root.userId,
      authenticators: [
        { authenticatorName: "Test key", challenge, attestation: passkey.register(challenge) },
      ],
    });
    expect(created.authenticatorIds).toHaveLength(1);
    const [authenticatorId] = created.authenticatorIds;

    // @turnkey/http takes any stamper; this one is the software passkey, sending X-Stamp-Webauthn.
    const passkeyClient = new TurnkeyClient(
      { baseUrl: server.baseUrl },
      {
        stamp: async (body: string) => {
          const [[stampHeaderName, stampHeaderValue]] = Object.entries(passkey.stamp(body)) as [
            [string, string],
          ];
          return { stampHeaderName, stampHeaderValue };
        },
      },
    );
    const me = await passkeyClient.getWhoami({ organizationId: orgId });
    expect(me.userId).toBe(server.root.userId);
    const { authenticator } = await passkeyClient.getAuthenticator({
      organizationId: orgId,
      authenticatorId: authenticatorId!,
    });
    expect(authenticator.authenticatorName).toBe("Test key");
    expect(authenticator.credentialId).toBe(passkey.credentialId);

    await root.deleteAuthenticators({ userId: server.root.userId, authenticatorIds: [authenticatorId!] });
    expect((await root.getAuthenticators({ userId: server.root.userId })).authenticators).toEqual([]);
    await expect(passkeyClient.getWhoami({ organizationId: orgId })).rejects.toThrow(
      /no passkey is registered/,
    );
  });

  it("organization: get_organization (via @turnkey/http), rename, configs", async () => {
    const http = new TurnkeyClient(
      { baseUrl: server.baseUrl },
      new ApiKeyStamper({ apiPublicKey: server.root.publicKey, apiPrivateKey: server.root.privateKey }),
    );
    const renamed = await root.updateOrganizationName({ organizationName: "Renamed org" });
    expect(renamed).toMatchObject({ organizationId: orgId, organizationName: "Renamed org" });
    const { organizationData } = await http.getOrganization({ organizationId: orgId });
    expect(organizationData.name).toBe("Renamed org");
    expect(organizationData.rootQuorum).toEqual({ threshold: 1, userIds: [server.root.userId] });
    const { configs } = await root.getOrganizationConfigs({ organizationId: orgId });
    expect(configs.quorum?.threshold).toBe(1);
  });

  it("sub-organizations: create, list with filters, read from the parent, delete from inside", async () => {
    const subKey = generateP256KeyPair();
    const created = await root.createSubOrganization({
      subOrganizationName: "Customer 1",
      rootUsers: [
        {
          userName: "cust-root",
          userEmail: "cust@example.com",
          apiKeys: [apiKeyParams("cust", subKey.publicKey)],
          authenticators: [],
          oauthProviders: [],
        },
      ],
      rootQuorumThreshold: 1,
    });
    const subId = created.subOrganizationId;
    expect(created.rootUserIds).toHaveLength(1);

    expect((await root.getSubOrgIds({})).organizationIds).toContain(subId);
    const byEmail = await root.getSubOrgIds({ filterType: "EMAIL", filterValue: "cust@example.com" });
    expect(byEmail.organizationIds).toEqual([subId]);
    const byKey = await root.getSubOrgIds({ filterType: "PUBLIC_KEY", filterValue: subKey.publicKey });
    expect(byKey.organizationIds).toEqual([subId]);

    // The parent may read its sub-organization, but not act inside it.
    expect((await root.getWhoami({ organizationId: subId })).organizationId).toBe(subId);
    await expect(
      root.updateOrganizationName({ organizationId: subId, organizationName: "hijacked" }),
    ).rejects.toThrow(/another organization/);

    const sub = clientFor(subKey, subId);
    const deleted = await sub.deleteSubOrganization({ deleteWithoutExport: true });
    expect(deleted.subOrganizationUuid).toBe(subId);
    expect((await root.getSubOrgIds({})).organizationIds).not.toContain(subId);
  });

  it("sub-organizations with a wallet: found by address, signed for only from inside, deleted with their keys", async () => {
    const subKey = generateP256KeyPair();
    const created = await root.createSubOrganization({
      subOrganizationName: "Customer with wallet",
      rootUsers: [
        {
          userName: "wallet-root",
          apiKeys: [apiKeyParams("wallet-root", subKey.publicKey)],
          authenticators: [],
          oauthProviders: [],
        },
      ],
      rootQuorumThreshold: 1,
      wallet: {
        walletName: "Embedded",
        accounts: [
          {
            curve: "CURVE_SECP256K1",
            pathFormat: "PATH_FORMAT_BIP32",
            path: "m/44'/60'/0'/0/0",
            addressFormat: "ADDRESS_FORMAT_ETHEREUM",
          },
        ],
      },
    });
    const subId = created.subOrganizationId;
    const address = created.wallet!.addresses[0]!;
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    const found = await root.getSubOrgIds({ filterType: "WALLET_ACCOUNT_ADDRESS", filterValue: address });
    expect(found.organizationIds).toEqual([subId]);

    const payload = `0x${"ab".repeat(32)}`;
    const signParams = {
      signWith: address,
      payload,
      encoding: "PAYLOAD_ENCODING_HEXADECIMAL" as const,
      hashFunction: "HASH_FUNCTION_NO_OP" as const,
    };
    // The parent reads the sub-organization's wallet but cannot sign with it…
    expect((await root.getWallets({ organizationId: subId })).wallets).toHaveLength(1);
    await expect(root.signRawPayload({ organizationId: subId, ...signParams })).rejects.toThrow(
      /another organization/,
    );
    await expect(root.signRawPayload(signParams)).rejects.toThrow(/signer not found/);
    // …its own root user can.
    const sub = clientFor(subKey, subId);
    const signature = await sub.signRawPayload(signParams);
    expect(signature.r).toMatch(/^[0-9a-f]{64}$/);

    await expect(sub.deleteSubOrganization({})).rejects.toThrow(/never been exported/);
    const deleted = await sub.deleteSubOrganization({ deleteWithoutExport: true });
    expect(deleted.subOrganizationUuid).toBe(subId);
    expect((await root.getSubOrgIds({})).organizationIds).not.toContain(subId);
  });

  it("serves its OpenAPI document without a stamp", async () => {
    const res = await fetch(`${server.baseUrl}/public/v1/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    const doc = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/public/v1/submit/create_users", "/public/v1/query/list_suborgs"]),
    );
  });

  it("the organization's history starts with its creation by the CLI", async () => {
    const { activities } = await root.getActivities({ filterByType: ["ACTIVITY_TYPE_CREATE_ORGANIZATION"] });
    expect(activities).toHaveLength(1);
    const [created] = activities;
    expect(created).toMatchObject({
      organizationId: orgId,
      status: "ACTIVITY_STATUS_COMPLETED",
      intent: {
        createOrganizationIntent: {
          organizationName: "Black box",
          rootUsers: [{ userId: server.root.userId, userName: "root" }],
          createdBy: "CLI",
        },
      },
      result: { createOrganizationResult: { organizationId: orgId, rootUserIds: [server.root.userId] } },
    });
    const again = await root.getActivity({ activityId: created!.id });
    expect(again.activity.fingerprint).toBe(created!.fingerprint);
  });

  it("activities: list, filter, get; consensus with approve and reject", async () => {
    const second = generateP256KeyPair();
    const { userIds } = await root.createUsers({
      users: [
        {
          userName: "second-root",
          apiKeys: [apiKeyParams("second", second.publicKey)],
          authenticators: [],
          oauthProviders: [],
          userTags: [],
        },
      ],
    });
    await root.updateRootQuorum({ threshold: 2, userIds: [server.root.userId, userIds[0]!] });
    const secondClient = clientFor(second, orgId);

    const pending = await secondClient.updateOrganizationName({ organizationName: "Needs two" });
    expect(pending.activity.status).toBe("ACTIVITY_STATUS_CONSENSUS_NEEDED");
    const seen = await root.getActivity({ activityId: pending.activity.id });
    expect(seen.activity).toMatchObject({ canApprove: true, canReject: true });
    const approved = await root.approveActivity({ fingerprint: pending.activity.fingerprint });
    expect(approved.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
    expect(approved.activity.votes).toHaveLength(2);

    const another = await secondClient.updateOrganizationName({ organizationName: "Never" });
    const rejected = await root.rejectActivity({ fingerprint: another.activity.fingerprint });
    expect(rejected.activity.status).toBe("ACTIVITY_STATUS_REJECTED");

    const list = await root.getActivities({ filterByStatus: ["ACTIVITY_STATUS_REJECTED"] });
    expect(list.activities.map((a) => a.id)).toEqual([another.activity.id]);
    const byType = await root.getActivities({
      filterByType: ["ACTIVITY_TYPE_UPDATE_ORGANIZATION_NAME"],
      paginationOptions: { limit: "1" },
    });
    expect(byType.activities).toHaveLength(1);
    expect(byType.activities[0]?.id).toBe(another.activity.id);
    // Back to a single approver for the rest of the file.
    const lower = await root.updateRootQuorum({ threshold: 1, userIds: [server.root.userId] });
    await secondClient.approveActivity({ fingerprint: lower.activity.fingerprint });
  });
});
