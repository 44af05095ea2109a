import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseDigest } from "../../testing/db-snapshot";
import { forgedRegistration } from "../../testing/forged-passkey";
import { startTestApp, type TestApp, type TestKey } from "../../testing/harness";
import { completed, registrationScene } from "./registration-scene";

/**
 * Server-issued registration challenges (get_registration_challenge): a passkey registration is
 * proven when the passkey's own key signs one, which is spent once, within five minutes, in its
 * organization; a copy of someone's passkey (replayed or forged attestation, no key) is not, and
 * never shadows the owner in list_suborgs by CREDENTIAL_ID.
 */
let t: TestApp;
let parent: { organizationId: string; userId: string; key: TestKey };
const scene = registrationScene(() => t);

beforeAll(async () => {
  t = await startTestApp();
  parent = await t.newOrganization("Parent");
});
afterAll(async () => t?.close());

describe("registration challenges", () => {
  it("a server challenge signed by the new passkey proves possession; a client challenge does not", async () => {
    const proven = scene.newPasskey();
    const challenge = await scene.challengeFor(parent.organizationId, parent.key, parent.userId);
    completed(
      await scene.add(parent.organizationId, parent.userId, scene.proven(proven, challenge), parent.key),
    );
    expect(await scene.proofs(proven.credentialId)).toEqual({ [parent.organizationId]: true });

    const sdk = scene.newPasskey();
    completed(await scene.add(parent.organizationId, parent.userId, scene.clientChosen(sdk), parent.key));
    expect(await scene.proofs(sdk.credentialId)).toEqual({ [parent.organizationId]: false });

    // Packed self attestation is signed by the passkey's key too: no possessionProof needed.
    const selfAttested = scene.newPasskey();
    const next = await scene.challengeFor(parent.organizationId, parent.key);
    const params = {
      authenticatorName: "self",
      challenge: next,
      attestation: selfAttested.register(next, { selfAttested: true }),
    };
    completed(await scene.add(parent.organizationId, parent.userId, params, parent.key));
    expect(await scene.proofs(selfAttested.credentialId)).toEqual({ [parent.organizationId]: true });
  });

  it("a forged 'none' attestation over a server challenge is registered, but not as proven", async () => {
    // "none" carries no signature: anyone can write one naming any key, server challenge included.
    const owner = scene.newPasskey();
    const challenge = await scene.challengeFor(parent.organizationId, parent.key);
    const params = { authenticatorName: "none", challenge, attestation: owner.register(challenge) };
    completed(await scene.add(parent.organizationId, parent.userId, params, parent.key));
    expect(await scene.proofs(owner.credentialId)).toEqual({ [parent.organizationId]: false });
  });

  it("a challenge is spent once: the second use is a 400 naming it, and writes nothing", async () => {
    const challenge = await scene.challengeFor(parent.organizationId, parent.key);
    const first = scene.newPasskey();
    completed(
      await scene.add(parent.organizationId, parent.userId, scene.proven(first, challenge), parent.key),
    );
    const before = await databaseDigest(t.app);
    const second = scene.newPasskey();
    const again = await scene.add(
      parent.organizationId,
      parent.userId,
      scene.proven(second, challenge),
      parent.key,
    );
    expect(again.status).toBe(400);
    expect(again.body.message).toContain(`challenge ${challenge} was already used`);
    expect(await databaseDigest(t.app)).toEqual(before);
  });

  it("an expired challenge is a 400", async () => {
    const challenge = await scene.challengeFor(parent.organizationId, parent.key);
    t.clock.advance(5 * 60 * 1000 + 1);
    const late = await scene.add(
      parent.organizationId,
      parent.userId,
      scene.proven(scene.newPasskey(), challenge),
      parent.key,
    );
    expect(late.status).toBe(400);
    expect(late.body.message).toContain(`challenge ${challenge} has expired`);
  });

  it("a challenge of another organization, or of another user, is a 400 and stays unspent", async () => {
    const other = await t.newOrganization("Other");
    const theirs = await scene.challengeFor(other.organizationId, other.key);
    const passkey = scene.newPasskey();
    const before = await databaseDigest(t.app);
    const foreign = await scene.add(
      parent.organizationId,
      parent.userId,
      scene.proven(passkey, theirs),
      parent.key,
    );
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toContain(`challenge ${theirs} was issued for another organization`);
    expect(await databaseDigest(t.app)).toEqual(before);
    completed(await scene.add(other.organizationId, other.userId, scene.proven(passkey, theirs), other.key));

    const forRoot = await scene.challengeFor(parent.organizationId, parent.key, parent.userId);
    const users = completed(
      await t.call(
        "submit",
        "create_users",
        t.activity("ACTIVITY_TYPE_CREATE_USERS_V4", parent.organizationId, {
          users: [
            {
              userName: "member",
              apiKeys: [],
              authenticators: [],
              oauthProviders: [],
              userTags: [],
            },
          ],
        }),
        parent.key,
      ),
    );
    const memberId = users.createUsersResult.userIds[0];
    const misdirected = await scene.add(
      parent.organizationId,
      memberId,
      scene.proven(scene.newPasskey(), forRoot),
      parent.key,
    );
    expect(misdirected.status).toBe(400);
    expect(misdirected.body.message).toContain(`was issued for user ${parent.userId}`);
  });

  it("a possessionProof that does not verify is refused, naming it", async () => {
    const challenge = await scene.challengeFor(parent.organizationId, parent.key);
    const passkey = scene.newPasskey();
    const someoneElse = scene.newPasskey();
    const params = { ...scene.proven(passkey, challenge), possessionProof: someoneElse.prove(challenge) };
    const refused = await scene.add(parent.organizationId, parent.userId, params, parent.key);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain("authenticators[0].possessionProof could not be verified");
  });
});

describe("copies of a passkey and list_suborgs by CREDENTIAL_ID", () => {
  it("a replayed or forged copy with a fresh client challenge is registered unproven and never shadows the owner", async () => {
    const owner = scene.newPasskey();
    // The owner's first registration came through an official SDK: client challenge, unproven.
    const legacy = completed(
      await scene.subOrganization(
        parent.organizationId,
        "owner (sdk)",
        scene.clientChosen(owner),
        parent.key,
      ),
    ).createSubOrganizationResultV8.subOrganizationId;
    // Anyone who read the owner's credential id and public key (get_authenticators) writes a copy
    // without the key.
    expect(Object.keys(await scene.proofs(owner.credentialId))).toEqual([legacy]);
    const forgeCopy = async () =>
      forgedRegistration({
        rpId: t.app.config.rpId,
        origin: t.app.config.origins[0]!,
        credentialId: owner.credentialId,
        publicKey: await scene.publicKeyOf(owner.credentialId),
        counter: 0,
      });
    const copy = await forgeCopy();
    const attacker = completed(
      await scene.subOrganization(parent.organizationId, "attacker", copy, parent.key),
    ).createSubOrganizationResultV8.subOrganizationId;
    expect((await scene.proofs(owner.credentialId))[attacker]).toBe(false);
    // Nothing proved possession yet: both are answered, oldest first.
    expect(await scene.listByCredential(parent.organizationId, owner.credentialId, parent.key)).toEqual([
      legacy,
      attacker,
    ]);

    // The owner registers again with a signed server challenge (issued to the parent, which submits).
    const challenge = await scene.challengeFor(parent.organizationId, parent.key);
    const proven = completed(
      await scene.subOrganization(
        parent.organizationId,
        "owner (proven)",
        scene.proven(owner, challenge),
        parent.key,
      ),
    ).createSubOrganizationResultV8.subOrganizationId;
    expect(await scene.listByCredential(parent.organizationId, owner.credentialId, parent.key)).toEqual([
      proven,
    ]);

    // From now on a copy without proof is refused outright.
    const another = await forgeCopy();
    const before = await databaseDigest(t.app);
    const refused = await scene.subOrganization(parent.organizationId, "attacker 2", another, parent.key);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain("registered elsewhere with proven possession");
    expect(await databaseDigest(t.app)).toEqual(before);
  });

  it("a passkey of one's own under someone's credential id is refused, even proven", async () => {
    const owner = scene.newPasskey();
    completed(await scene.add(parent.organizationId, parent.userId, scene.clientChosen(owner), parent.key));
    const other = await t.newOrganization("Relabeller");
    const relabelled = scene.newPasskey(owner.credentialId);
    const challenge = await scene.challengeFor(other.organizationId, other.key);
    const refused = await scene.add(
      other.organizationId,
      other.userId,
      scene.proven(relabelled, challenge),
      other.key,
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(
      `credential id ${owner.credentialId} is already registered with another public key`,
    );
  });
});

describe("LATCHKEY_REQUIRE_REGISTRATION_CHALLENGE=true", () => {
  let strict: TestApp;
  let org: { organizationId: string; userId: string; key: TestKey };
  const strictScene = registrationScene(() => strict);
  beforeAll(async () => {
    strict = await startTestApp({ env: { LATCHKEY_REQUIRE_REGISTRATION_CHALLENGE: "true" } });
    org = await strict.newOrganization("Strict");
  });
  afterAll(async () => strict?.close());

  it("refuses a client-chosen challenge and an unsigned server challenge; takes a proven one", async () => {
    const passkey = strictScene.newPasskey();
    const sdk = await strictScene.add(
      org.organizationId,
      org.userId,
      strictScene.clientChosen(passkey),
      org.key,
    );
    expect(sdk.status).toBe(400);
    expect(sdk.body.message).toContain("was not issued by this server");
    expect(sdk.body.message).toContain("requires every passkey registration to prove possession");

    const challenge = await strictScene.challengeFor(org.organizationId, org.key);
    const unsigned = { authenticatorName: "none", challenge, attestation: passkey.register(challenge) };
    const refused = await strictScene.add(org.organizationId, org.userId, unsigned, org.key);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain("nothing signed by the passkey covers it");

    // The refusal rolled the spending back: the same challenge, now signed, is taken.
    completed(
      await strictScene.add(org.organizationId, org.userId, strictScene.proven(passkey, challenge), org.key),
    );
  });
});
