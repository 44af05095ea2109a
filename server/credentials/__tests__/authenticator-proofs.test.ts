import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newApiKey, startTestApp, type TestApp, type TestKey } from "../../testing/harness";
import { type Body, completed, registrationScene } from "./registration-scene";

/**
 * list_authenticator_proofs tells a user's proven passkeys from the others, for the passkeys
 * page's badge; get_authenticators keeps the reference's fields only.
 */
let t: TestApp;
let org: { organizationId: string; userId: string; key: TestKey };
const scene = registrationScene(() => t);

beforeAll(async () => {
  t = await startTestApp();
  org = await t.newOrganization("Proofs");
});
afterAll(async () => t?.close());

const proofsOf = (userId: string, key = org.key) =>
  t.call<Body>("query", "list_authenticator_proofs", { organizationId: org.organizationId, userId }, key);

describe("list_authenticator_proofs", () => {
  it("marks the passkey registered with a possession proof, and only it", async () => {
    const proven = scene.newPasskey();
    const challenge = await scene.challengeFor(org.organizationId, org.key, org.userId);
    completed(await scene.add(org.organizationId, org.userId, scene.proven(proven, challenge), org.key));
    const sdk = scene.newPasskey();
    completed(await scene.add(org.organizationId, org.userId, scene.clientChosen(sdk), org.key));

    const res = await proofsOf(org.userId);
    expect(res.status).toBe(200);
    const byCredential = Object.fromEntries(
      res.body.authenticators.map((a: Body) => [a.credentialId, a.possessionProven]),
    );
    expect(byCredential).toEqual({ [proven.credentialId]: true, [sdk.credentialId]: false });

    // The reference's answer is unchanged: no such field there.
    const listed = await t.call<Body>(
      "query",
      "get_authenticators",
      { organizationId: org.organizationId, userId: org.userId },
      org.key,
    );
    expect(listed.body.authenticators).toHaveLength(2);
    for (const a of listed.body.authenticators) expect(a).not.toHaveProperty("possessionProven");
    const ids = listed.body.authenticators.map((a: Body) => a.authenticatorId).sort();
    expect(res.body.authenticators.map((a: Body) => a.authenticatorId).sort()).toEqual(ids);
  });

  it("is a 404 for an unknown user and a 401 for a stranger's key", async () => {
    const unknown = await proofsOf("00000000-0000-7000-8000-000000000000");
    expect(unknown.status).toBe(404);
    const stranger = await proofsOf(org.userId, newApiKey());
    expect(stranger.status).toBe(401);
  });
});
