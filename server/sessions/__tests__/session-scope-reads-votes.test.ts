import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activities, votes } from "../../db/schema";
import { newApiKey, startTestApp, type TestApp, type TestKey } from "../../testing/harness";
import { type Body, keyPair } from "../../testing/otp-scene";

/** A session under a session profile reads, and votes on, only what the profile's scope allows. */
let t: TestApp;
let orgId: string;
let root: { userId: string; key: TestKey };
let bob: { userId: string; key: TestKey };
const sessions: Record<string, TestKey> = {};
const WALLETS = "activity.resource == 'WALLET'";
const READS = "activity.action == 'READ'";
const LIST_USERS = "activity.type == 'QUERY_LIST_USERS'";

const submit = (key: TestKey, path: string, type: string, parameters: unknown) =>
  t.call<Body>("submit", path, t.activity(type, orgId, parameters), key);
const read = (key: TestKey, path: string, extra: Body = {}) =>
  t.call<Body>("query", path, { organizationId: orgId, ...extra }, key);

/** A session key of the root user, started by stamp_login under a new profile with `scope`. */
async function sessionUnder(scope: string): Promise<TestKey> {
  const profile = await submit(root.key, "create_session_profile", "ACTIVITY_TYPE_CREATE_SESSION_PROFILE", {
    sessionProfileName: `scope ${scope}`,
    scope,
  });
  expect(profile.status).toBe(200);
  const session = keyPair();
  const login = await submit(root.key, "stamp_login", "ACTIVITY_TYPE_STAMP_LOGIN", {
    publicKey: session.publicKey,
    sessionProfileId: profile.body.activity.result.createSessionProfileResult.sessionProfileId,
  });
  expect(login.status).toBe(200);
  return session;
}

beforeAll(async () => {
  t = await startTestApp();
  const org = await t.newOrganization("Scoped");
  orgId = org.organizationId;
  root = { userId: org.userId, key: org.key };
  const bobKey = newApiKey();
  const created = await submit(root.key, "create_users", "ACTIVITY_TYPE_CREATE_USERS_V4", {
    users: [
      {
        userName: "bob",
        apiKeys: [{ apiKeyName: "bob", publicKey: bobKey.publicKey, curveType: "API_KEY_CURVE_P256" }],
        authenticators: [],
        oauthProviders: [],
        userTags: [],
      },
    ],
  });
  bob = { userId: created.body.activity.result.createUsersResult.userIds[0], key: bobKey };
  // Profiles first: once two roots are needed, making one waits for a vote.
  for (const scope of [WALLETS, READS, LIST_USERS]) sessions[scope] = await sessionUnder(scope);
  // Two roots, both needed: what bob submits waits for the root user's vote.
  const quorum = await submit(root.key, "update_root_quorum", "ACTIVITY_TYPE_UPDATE_ROOT_QUORUM", {
    threshold: 2,
    userIds: [root.userId, bob.userId],
  });
  expect(quorum.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
});
afterAll(async () => t?.close());

describe("session profile scopes on queries", () => {
  it("a wallets-only session reads wallets and whoami, and is refused other reads with a 403 naming the scope", async () => {
    const session = sessions[WALLETS]!;
    expect((await read(session, "list_wallets")).status).toBe(200);
    expect((await read(session, "whoami")).body.userId).toBe(root.userId);
    const users = await read(session, "list_users");
    expect(users.status).toBe(403);
    expect(users.body.message).toContain("this session may not read list_users");
    expect(users.body.message).toContain("scope `activity.resource == 'WALLET'`");
    const policies = await read(session, "list_policies");
    expect(policies.status).toBe(403);
    // The organization's own key is not held to any profile.
    expect((await read(root.key, "list_users")).status).toBe(200);
  });

  it("reads are activity.action READ with activity.type QUERY_<PATH>", async () => {
    const readAnything = sessions[READS]!;
    expect((await read(readAnything, "list_users")).status).toBe(200);
    expect((await read(readAnything, "list_activities")).status).toBe(200);
    const wallet = await submit(readAnything, "create_wallet", "ACTIVITY_TYPE_CREATE_WALLET", {
      walletName: "not with a read-only scope",
      accounts: [],
    });
    expect(wallet.status).toBe(403);
    expect(wallet.body.message).toContain("may not submit create_wallet");

    const oneQuery = sessions[LIST_USERS]!;
    expect((await read(oneQuery, "list_users")).status).toBe(200);
    expect((await read(oneQuery, "list_wallets")).status).toBe(403);
  });
});

describe("session profile scopes on votes", () => {
  const pendingOf = async (path: string, type: string, parameters: Body) => {
    const res = await submit(bob.key, path, type, parameters);
    expect(res.body.activity.status).toBe("ACTIVITY_STATUS_CONSENSUS_NEEDED");
    return res.body.activity as { id: string; fingerprint: string };
  };
  const votesOn = async (activityId: string) =>
    (await t.app.db.select().from(votes).where(eq(votes.activityId, activityId))).length;
  const statusOf = async (activityId: string) =>
    (await t.app.db.select().from(activities).where(eq(activities.id, activityId)))[0]!.status;

  it("votes only on activities its scope allows; a refused vote records nothing", async () => {
    const session = sessions[WALLETS]!;
    const tag = await pendingOf("create_user_tag", "ACTIVITY_TYPE_CREATE_USER_TAG", {
      userTagName: "ops",
      userIds: [],
    });
    for (const [path, type] of [
      ["approve_activity", "ACTIVITY_TYPE_APPROVE_ACTIVITY"],
      ["reject_activity", "ACTIVITY_TYPE_REJECT_ACTIVITY"],
    ] as const) {
      const refused = await submit(session, path, type, { fingerprint: tag.fingerprint });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toContain(`may not vote on create_user_tag (activity ${tag.id})`);
      expect(refused.body.message).toContain("activity.resource == 'WALLET'");
    }
    expect(await votesOn(tag.id)).toBe(1);
    expect(await statusOf(tag.id)).toBe("ACTIVITY_STATUS_CONSENSUS_NEEDED");

    const wallet = await pendingOf("create_wallet", "ACTIVITY_TYPE_CREATE_WALLET", {
      walletName: "approved by a scoped session",
      accounts: [],
    });
    const approved = await submit(session, "approve_activity", "ACTIVITY_TYPE_APPROVE_ACTIVITY", {
      fingerprint: wallet.fingerprint,
    });
    expect(approved.status).toBe(200);
    expect(approved.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
    expect(await votesOn(wallet.id)).toBe(2);
  });
});
