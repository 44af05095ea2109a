import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forgedRegistration } from "../../testing/forged-passkey";
import { newApiKey, startTestApp, type TestApp, type TestKey } from "../../testing/harness";
import { softAuthenticator } from "../../testing/soft-authenticator";

/**
 * A passkey registration ("none" attestation) proves nothing about holding the key, so anyone may
 * register a copy of someone else's credential id and public key, with any counter. Such a copy
 * must not lock the owner out (the counter is checked on the row of the organization the request
 * acts on only), and within one organization a key pair is registered once, so a member cannot
 * make a root user's stamps count as their own.
 */
let t: TestApp;
let parent: { organizationId: string; userId: string; key: TestKey };

// biome-ignore lint/suspicious/noExplicitAny: API bodies are checked field by field below.
type Body = any;

beforeAll(async () => {
  t = await startTestApp();
  parent = await t.newOrganization("Parent");
});
afterAll(async () => t?.close());

const rp = () => ({ rpId: t.app.config.rpId, origin: t.app.config.origins[0]! });

async function done(path: string, type: string, organizationId: string, params: unknown, key: TestKey) {
  const response = await t.call<Body>("submit", path, t.activity(type, organizationId, params), key);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expect(response.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
  return response.body.activity.result;
}

/** A sub-organization whose one root user signs in with `passkey`. */
async function passkeySubOrganization(name: string, passkey: ReturnType<typeof softAuthenticator>) {
  const challenge = randomBytes(32).toString("base64url");
  const result = await done(
    "create_sub_organization",
    "ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8",
    parent.organizationId,
    {
      subOrganizationName: name,
      rootQuorumThreshold: 1,
      rootUsers: [
        {
          userName: name,
          apiKeys: [],
          authenticators: [
            { authenticatorName: "phone", challenge, attestation: passkey.register(challenge) },
          ],
          oauthProviders: [],
        },
      ],
    },
    parent.key,
  );
  return result.createSubOrganizationResultV8 as { subOrganizationId: string; rootUserIds: string[] };
}

async function member(organizationId: string, userName: string, by: TestKey) {
  const key = newApiKey();
  const result = await done(
    "create_users",
    "ACTIVITY_TYPE_CREATE_USERS_V4",
    organizationId,
    {
      users: [
        {
          userName,
          apiKeys: [{ apiKeyName: "k", publicKey: key.publicKey, curveType: "API_KEY_CURVE_P256" }],
          authenticators: [],
          oauthProviders: [],
          userTags: [],
        },
      ],
    },
    by,
  );
  return { userId: result.createUsersResult.userIds[0] as string, key };
}

describe("copies of someone else's passkey", () => {
  for (const synced of [false, true]) {
    it(`a copy with a huge counter in another organization does not lock the owner out (${synced ? "synced passkey, counter 0" : "counting authenticator"})`, async () => {
      const owner = softAuthenticator(rp());
      const sub = await passkeySubOrganization(`owner ${synced}`, owner);
      const whoami = () => {
        const body = JSON.stringify({ organizationId: sub.subOrganizationId });
        return t.call<Body>("query", "whoami", body, {
          headers: owner.stamp(body, synced ? { counter: 0 } : {}),
        });
      };
      expect((await whoami()).status).toBe(200);

      // A plain member of the parent reads the owner's passkey (parents may read sub-orgs) and
      // registers a copy on their own user (self-service), with a counter nobody reaches.
      const attacker = await member(parent.organizationId, `attacker ${synced}`, parent.key);
      const read = await t.call<Body>(
        "query",
        "get_authenticators",
        { organizationId: sub.subOrganizationId, userId: sub.rootUserIds[0] },
        attacker.key,
      );
      const { credentialId, credential } = read.body.authenticators[0];
      const copy = forgedRegistration({
        ...rp(),
        credentialId,
        publicKey: credential.publicKey,
        counter: 0xffffffff,
      });
      await done(
        "create_authenticators",
        "ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2",
        parent.organizationId,
        { userId: attacker.userId, authenticators: [copy] },
        attacker.key,
      );

      const after = await whoami();
      expect(after.status, JSON.stringify(after.body)).toBe(200);
      expect(after.body.userId).toBe(sub.rootUserIds[0]);
    });
  }

  it("an assertion replayed in its own organization is still refused (the counter there moves on)", async () => {
    const owner = softAuthenticator(rp());
    const sub = await passkeySubOrganization("replayed", owner);
    const body = JSON.stringify({ organizationId: sub.subOrganizationId });
    const headers = owner.stamp(body);
    expect((await t.call<Body>("query", "whoami", body, { headers })).status).toBe(200);
    const again = await t.call<Body>("query", "whoami", body, { headers });
    expect(again.status).toBe(401);
    expect(again.body.message).toMatch(/counter/);
  });

  it("in one organization a passkey's public key is registered once, under any credential id", async () => {
    const alice = await member(parent.organizationId, "alice", parent.key);
    const mallory = await member(parent.organizationId, "mallory", parent.key);
    const passkey = softAuthenticator(rp());
    const challenge = randomBytes(32).toString("base64url");
    await done(
      "create_authenticators",
      "ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2",
      parent.organizationId,
      {
        userId: alice.userId,
        authenticators: [
          { authenticatorName: "laptop", challenge, attestation: passkey.register(challenge) },
        ],
      },
      alice.key,
    );
    const { body } = await t.call<Body>(
      "query",
      "get_authenticators",
      { organizationId: parent.organizationId, userId: alice.userId },
      mallory.key,
    );
    // mallory registers alice's key under a fresh credential id, on her own user (self-service):
    // alice's stamps with that id swapped in (the signature does not cover it) would be hers.
    const relabelled = forgedRegistration({
      ...rp(),
      credentialId: randomBytes(16).toString("base64url"),
      publicKey: body.authenticators[0].credential.publicKey,
      counter: 0,
    });
    const refused = await t.call<Body>(
      "submit",
      "create_authenticators",
      t.activity("ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2", parent.organizationId, {
        userId: mallory.userId,
        authenticators: [relabelled],
      }),
      mallory.key,
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/already registered/);
  });
});
