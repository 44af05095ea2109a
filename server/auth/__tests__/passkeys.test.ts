import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TActivity } from "@/lib/api/activity";
import type { TAuthenticator } from "@/lib/api/credentials";
import { verifyPasskeyRegistration } from "../../credentials/authenticators";
import { authenticators } from "../../db/schema";
import { newId } from "../../ids";
import { createRootOrganization } from "../../organizations/bootstrap";
import { databaseDigest } from "../../testing/db-snapshot";
import { startTestApp, type TestApp, type TestKey } from "../../testing/harness";
import { type SoftAuthenticator, softAuthenticator } from "../../testing/soft-authenticator";

/** Passkeys end to end: registration, `X-Stamp-Webauthn` stamps, refusals, removal, bootstrap. */

interface ErrorBody {
  code: number;
  message: string;
  details: { turnkeyErrorCode?: string }[];
}
type ActivityBody = { activity: TActivity };

let t: TestApp;
let org: { organizationId: string; userId: string; key: TestKey };

beforeAll(async () => {
  t = await startTestApp();
  org = await t.newOrganization("Passkeys");
});
afterAll(async () => t?.close());

const newPasskey = (credentialId?: string) =>
  softAuthenticator({ rpId: t.app.config.rpId, origin: t.app.config.origins[0]!, credentialId });

/** What create_authenticators takes: a name, the challenge the client asked for, the attestation. */
function authenticatorParams(passkey: SoftAuthenticator, name = "Laptop") {
  const challenge = randomBytes(32).toString("base64url");
  return { authenticatorName: name, challenge, attestation: passkey.register(challenge) };
}

async function register(passkey: SoftAuthenticator, organizationId: string, userId: string, by: TestKey) {
  const res = await t.call<ActivityBody>(
    "submit",
    "create_authenticators",
    t.activity("ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2", organizationId, {
      userId,
      authenticators: [authenticatorParams(passkey)],
    }),
    by,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
  const result = res.body.activity.result.createAuthenticatorsResult as { authenticatorIds: string[] };
  expect(result.authenticatorIds).toHaveLength(1);
  return result.authenticatorIds[0]!;
}

/** A query or activity body signed by `passkey` (the stamp covers `signed`, `sent` goes out). */
async function withPasskey<T>(
  passkey: SoftAuthenticator,
  kind: "submit" | "query",
  path: string,
  body: unknown,
  options: Parameters<SoftAuthenticator["stamp"]>[1] & { send?: string } = {},
) {
  const signed = JSON.stringify(body);
  return t.call<T>(kind, path, options.send ?? signed, { headers: passkey.stamp(signed, options) });
}

const reasonOf = (body: ErrorBody) => body.details?.[0]?.turnkeyErrorCode;

describe("passkeys", () => {
  it("a passkey registered with create_authenticators stamps queries and activities", async () => {
    const passkey = newPasskey();
    const authenticatorId = await register(passkey, org.organizationId, org.userId, org.key);

    const me = await withPasskey(passkey, "query", "whoami", { organizationId: org.organizationId });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ organizationId: org.organizationId, userId: org.userId });

    const activity = t.activity("ACTIVITY_TYPE_CREATE_USERS_V4", org.organizationId, {
      users: [{ userName: "by-passkey", apiKeys: [], authenticators: [], oauthProviders: [], userTags: [] }],
    });
    const created = await withPasskey<ActivityBody>(passkey, "submit", "create_users", activity);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
    // The vote records the passkey and the exact signed body.
    const [vote] = created.body.activity.votes;
    expect(vote).toMatchObject({
      userId: org.userId,
      selection: "VOTE_SELECTION_APPROVED",
      message: JSON.stringify(activity),
      scheme: "SIGNATURE_SCHEME_TK_API_P256_WEBAUTHN",
    });

    const one = await t.call<{ authenticator: TAuthenticator }>(
      "query",
      "get_authenticator",
      { organizationId: org.organizationId, authenticatorId },
      org.key,
    );
    expect(one.status).toBe(200);
    expect(one.body.authenticator).toMatchObject({
      authenticatorId,
      authenticatorName: "Laptop",
      credentialId: passkey.credentialId,
      transports: ["AUTHENTICATOR_TRANSPORT_INTERNAL"],
      attestationType: "none",
      credential: { type: "CREDENTIAL_TYPE_WEBAUTHN_AUTHENTICATOR" },
    });
    expect(one.body.authenticator.credential.publicKey).toMatch(/^04[0-9a-f]{128}$/);
    expect(vote?.publicKey).toBe(one.body.authenticator.credential.publicKey);

    const all = await t.call<{ authenticators: TAuthenticator[] }>(
      "query",
      "get_authenticators",
      { organizationId: org.organizationId, userId: org.userId },
      org.key,
    );
    expect(all.body.authenticators.map((a) => a.authenticatorId)).toContain(authenticatorId);
  });

  it("refuses another origin, another RP id, a changed body and a counter gone back: 401, nothing written", async () => {
    const passkey = newPasskey();
    await register(passkey, org.organizationId, org.userId, org.key);
    const body = { organizationId: org.organizationId };
    for (const _ of [1, 2]) expect((await withPasskey(passkey, "query", "whoami", body)).status).toBe(200);
    const activity = t.activity("ACTIVITY_TYPE_UPDATE_USER_NAME", org.organizationId, {
      userId: org.userId,
      userName: "renamed",
    });
    const before = await databaseDigest(t.app);

    const refusals = [
      {
        why: /origin "https:\/\/evil\.example"/,
        res: await withPasskey<ErrorBody>(passkey, "submit", "update_user_name", activity, {
          origin: "https://evil.example",
        }),
      },
      {
        why: /RP ID/,
        res: await withPasskey<ErrorBody>(passkey, "submit", "update_user_name", activity, {
          rpId: "evil.example",
        }),
      },
      {
        why: /challenge/,
        res: await withPasskey<ErrorBody>(passkey, "submit", "update_user_name", activity, {
          send: JSON.stringify({ ...activity, parameters: { userId: org.userId, userName: "mallory" } }),
        }),
      },
      {
        why: /signature counter 1 is not above the stored 2/,
        res: await withPasskey<ErrorBody>(passkey, "submit", "update_user_name", activity, { counter: 1 }),
      },
    ];
    for (const { why, res } of refusals) {
      expect(res.status, JSON.stringify(res.body)).toBe(401);
      expect(reasonOf(res.body)).toBe("SIGNATURE_INVALID");
      expect(res.body.message).toMatch(/^could not verify passkey stamp/);
      expect(res.body.message).toMatch(why);
    }
    expect(await databaseDigest(t.app)).toEqual(before);
  });

  it("the same assertion cannot be used twice, even at the same moment", async () => {
    const passkey = newPasskey();
    await register(passkey, org.organizationId, org.userId, org.key);
    const body = JSON.stringify({ organizationId: org.organizationId });
    const headers = passkey.stamp(body);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => t.call<ErrorBody>("query", "whoami", body, { headers })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401, 401, 401]);
    const again = await t.call<ErrorBody>("query", "whoami", body, { headers });
    expect(again.status).toBe(401);
    expect(again.body.message).toMatch(/counter/);
  });

  it("delete_authenticators removes a passkey, which then stops working", async () => {
    const passkey = newPasskey();
    const authenticatorId = await register(passkey, org.organizationId, org.userId, org.key);
    const body = { organizationId: org.organizationId };
    expect((await withPasskey(passkey, "query", "whoami", body)).status).toBe(200);

    const deleted = await t.call<ActivityBody>(
      "submit",
      "delete_authenticators",
      t.activity("ACTIVITY_TYPE_DELETE_AUTHENTICATORS", org.organizationId, {
        userId: org.userId,
        authenticatorIds: [authenticatorId],
      }),
      org.key,
    );
    expect(deleted.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");

    const gone = await t.call<ErrorBody>(
      "query",
      "get_authenticator",
      { organizationId: org.organizationId, authenticatorId },
      org.key,
    );
    expect(gone.status).toBe(404);
    const refused = await withPasskey<ErrorBody>(passkey, "query", "whoami", body);
    expect(refused.status).toBe(401);
    expect(reasonOf(refused.body)).toBe("CREDENTIAL_NOT_FOUND");
    expect(refused.body.message).toContain(passkey.credentialId);
  });

  it("a passkey of a user created with create_users acts as that user, not as a root", async () => {
    const passkey = newPasskey();
    const created = await t.call<ActivityBody>(
      "submit",
      "create_users",
      t.activity("ACTIVITY_TYPE_CREATE_USERS_V4", org.organizationId, {
        users: [
          {
            userName: "passkey-user",
            apiKeys: [],
            authenticators: [authenticatorParams(passkey, "Phone")],
            oauthProviders: [],
            userTags: [],
          },
        ],
      }),
      org.key,
    );
    const userId = (created.body.activity.result.createUsersResult as { userIds: string[] }).userIds[0];
    const me = await withPasskey(passkey, "query", "whoami", { organizationId: org.organizationId });
    expect(me.body).toMatchObject({ userId, username: "passkey-user" });
    const denied = await withPasskey<ErrorBody>(
      passkey,
      "submit",
      "update_organization_name",
      t.activity("ACTIVITY_TYPE_UPDATE_ORGANIZATION_NAME", org.organizationId, { organizationName: "mine" }),
    );
    expect(denied.status).toBe(403);
    expect(reasonOf(denied.body)).toBe("POLICY_DENIED");
  });

  it("a passkey of another organization is refused with ORGANIZATION_MISMATCH", async () => {
    const other = await t.newOrganization("Other");
    const passkey = newPasskey();
    await register(passkey, other.organizationId, other.userId, other.key);
    const res = await withPasskey<ErrorBody>(
      passkey,
      "submit",
      "update_organization_name",
      t.activity("ACTIVITY_TYPE_UPDATE_ORGANIZATION_NAME", org.organizationId, { organizationName: "taken" }),
    );
    expect(res.status).toBe(403);
    expect(reasonOf(res.body)).toBe("ORGANIZATION_MISMATCH");
  });

  it("a credential id copied into another organization with another key is refused, and such a row does not act as its owner", async () => {
    // Credential ids are not secret (every stamp carries one): an attacker can try to register a
    // passkey of their own under the victim's id in an organization they control.
    const victimOrg = await t.newOrganization("Victim");
    const victim = newPasskey();
    await register(victim, victimOrg.organizationId, victimOrg.userId, victimOrg.key);
    const attackerOrg = await t.newOrganization("Attacker");
    const forged = newPasskey(victim.credentialId);
    const refused = await t.call<ErrorBody>(
      "submit",
      "create_authenticators",
      t.activity("ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2", attackerOrg.organizationId, {
        userId: attackerOrg.userId,
        authenticators: [authenticatorParams(forged)],
      }),
      attackerOrg.key,
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(
      `credential id ${victim.credentialId} is already registered with another public key`,
    );

    // An installation may hold such a row from before that rule: stamps still tell rows apart by key.
    const params = authenticatorParams(forged);
    const copy = await verifyPasskeyRegistration(t.app.config, params, "copy");
    const now = new Date();
    await t.app.db.insert(authenticators).values({
      ...copy,
      id: newId(),
      organizationId: attackerOrg.organizationId,
      userId: attackerOrg.userId,
      createdAt: now,
      updatedAt: now,
    });

    const target = { organizationId: victimOrg.organizationId };
    // A far-ahead counter must not lock the victim out either.
    const attack = await withPasskey<ErrorBody>(forged, "query", "whoami", target, { counter: 1_000 });
    expect(attack.status).toBe(403);
    expect(reasonOf(attack.body)).toBe("ORGANIZATION_MISMATCH");
    expect((await withPasskey(victim, "query", "whoami", target)).body).toMatchObject({
      userId: victimOrg.userId,
    });
    const own = await withPasskey(forged, "query", "whoami", { organizationId: attackerOrg.organizationId });
    expect(own.body).toMatchObject({ userId: attackerOrg.userId });
  });

  it("refuses a registration for another origin or with a challenge other than the one stated", async () => {
    const passkey = newPasskey();
    const params = authenticatorParams(passkey);
    const before = await databaseDigest(t.app);
    const wrongChallenge = await t.call<ErrorBody>(
      "submit",
      "create_authenticators",
      t.activity("ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2", org.organizationId, {
        userId: org.userId,
        authenticators: [{ ...params, challenge: randomBytes(32).toString("base64url") }],
      }),
      org.key,
    );
    expect(wrongChallenge.status).toBe(400);
    expect(wrongChallenge.body.message).toMatch(/authenticators\[0\]\.attestation could not be verified/);

    const foreign = softAuthenticator({ rpId: t.app.config.rpId, origin: "https://evil.example" });
    const wrongOrigin = await t.call<ErrorBody>(
      "submit",
      "create_authenticators",
      t.activity("ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2", org.organizationId, {
        userId: org.userId,
        authenticators: [authenticatorParams(foreign)],
      }),
      org.key,
    );
    expect(wrongOrigin.status).toBe(400);
    expect(wrongOrigin.body.message).toMatch(/origin/);
    expect(await databaseDigest(t.app)).toEqual(before);
  });

  it("bootstraps a root organization whose only credential is a passkey", async () => {
    const passkey = newPasskey();
    const verified = await verifyPasskeyRegistration(
      t.app.config,
      authenticatorParams(passkey, "Security key"),
      "passkey",
    );
    const result = await createRootOrganization(t.app, {
      organizationName: "Passkey only",
      userName: "founder",
      passkey: verified,
    });
    expect(result.apiKeyId).toBeUndefined();
    expect(result.authenticatorId).toBeDefined();

    const body = { organizationId: result.organizationId };
    const me = await withPasskey(passkey, "query", "whoami", body);
    expect(me.body).toEqual({
      organizationId: result.organizationId,
      organizationName: "Passkey only",
      userId: result.userId,
      username: "founder",
    });
    const renamed = await withPasskey<ActivityBody>(
      passkey,
      "submit",
      "update_organization_name",
      t.activity("ACTIVITY_TYPE_UPDATE_ORGANIZATION_NAME", result.organizationId, {
        organizationName: "Renamed by passkey",
      }),
    );
    expect(renamed.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
  });
});
