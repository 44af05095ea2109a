import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newApiKey, startTestApp, type TestApp, type TestKey } from "../../testing/harness";
import { webhookScene } from "../../webhooks/__tests__/webhook-scene";
import { createUsers } from "../create-users";

/**
 * create_users of users without API keys, passkeys or OAuth identities only inserts rows of its own, so a
 * submission that executes at once is recorded after it, by the statement that commits it
 * (submit-folded.ts), as signatures are. What a user checks: the answer is the activity as stored,
 * the users and their keys exist and work, the same signed body is one activity and one set of
 * users however it is resent, and a refusal leaves nothing behind.
 */
let t: TestApp;
let organizationId: string;
let root: TestKey;

// biome-ignore lint/suspicious/noExplicitAny: API bodies are read field by field, each read checked by an expect.
type Body = Record<string, any>;

let names = 0;
/** A create_users body for one user (with `apiKey`'s public key when given), signed as sent. */
function usersBody(options: { apiKey?: TestKey; userTags?: string[] } = {}) {
  const userName = `folded-user-${++names}-${Math.random()}`;
  const body = JSON.stringify(
    t.activity("ACTIVITY_TYPE_CREATE_USERS_V4", organizationId, {
      users: [
        {
          userName,
          apiKeys: options.apiKey
            ? [{ apiKeyName: userName, publicKey: options.apiKey.publicKey, curveType: "API_KEY_CURVE_P256" }]
            : [],
          authenticators: [],
          oauthProviders: [],
          userTags: options.userTags ?? [],
        },
      ],
    }),
  );
  return { body, userName };
}

const submitUsers = (body: string) => t.call<Body>("submit", "create_users", body, root);

async function count(query: ReturnType<typeof sql>) {
  const result = await t.app.db.execute(query);
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}
const usersNamed = (name: string) =>
  count(
    sql`select count(*)::int as n from users where organization_id = ${organizationId} and name = ${name}`,
  );
const activitiesWithBody = (body: string) =>
  count(
    sql`select count(*)::int as n from activities where fingerprint = ${`sha256:${createHash("sha256").update(body).digest("hex")}`}`,
  );
const roundTrips = async () =>
  (await t.app.metrics.roundTrips.get()).values.find((v) => v.labels.path === "/submit/create_users")
    ?.value ?? 0;

beforeAll(async () => {
  t = await startTestApp();
  ({ organizationId, key: root } = await t.newOrganization());
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe("create_users recorded by the statement that commits it", () => {
  it("answers the activity as stored, and the user's new API key works at once", async () => {
    // The organization's first activity reads its policies and MFA policies into the caches.
    expect((await submitUsers(usersBody().body)).status).toBe(200);
    const plain = await roundTrips();
    expect((await submitUsers(usersBody().body)).status).toBe(200);
    // PostgreSQL: the caller's lookup, then BEGIN with the append, which inserts the user and
    // commits; PGlite begins and commits in round trips of their own.
    expect((await roundTrips()) - plain).toBe(process.env.DATABASE_URL ? 2 : 4);
    // A user with an API key records first (its key's lock must come after the fingerprint):
    // the activity's insert, the key's lock, the check that the organization has no such key, its insert.
    const key = newApiKey();
    const { body, userName } = usersBody({ apiKey: key });
    const before = await roundTrips();
    const created = await submitUsers(body);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect((await roundTrips()) - before).toBe(process.env.DATABASE_URL ? 7 : 9);
    const { activity } = created.body;
    expect(activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
    const [userId] = activity.result.createUsersResult.userIds;
    const read = await t.call<Body>(
      "query",
      "get_activity",
      { organizationId, activityId: activity.id },
      root,
    );
    expect(JSON.stringify(read.body.activity)).toBe(JSON.stringify(activity));
    const chain = await t.call<Body>("query", "list_audit_chain", { organizationId }, root);
    const entries = chain.body.entries.filter((e: Body) => e.activityId === activity.id);
    expect(entries.map((e: Body) => e.kind)).toEqual(["VOTE", "EVALUATION", "ACTIVITY"]);
    // The new user exists, and their key authenticates as them.
    const user = await t.call<Body>("query", "get_user", { organizationId, userId }, root);
    expect(user.status).toBe(200);
    expect(user.body.user.userName).toBe(userName);
    const whoami = await t.call<Body>("query", "whoami", { organizationId }, key);
    expect(whoami.status, JSON.stringify(whoami.body)).toBe(200);
    expect(whoami.body.userId).toBe(userId);
  });

  it("writes every field of several users in the statement that commits them, tags and contacts included", async () => {
    const tag = await t.call<Body>(
      "submit",
      "create_user_tag",
      t.activity("ACTIVITY_TYPE_CREATE_USER_TAG", organizationId, {
        userTagName: `folded-${Math.random()}`,
        userIds: [],
      }),
      root,
    );
    const tagId: string = tag.body.activity.result.createUserTagResult.userTagId;
    const bare = { apiKeys: [], authenticators: [], oauthProviders: [] };
    const asked = [
      {
        ...bare,
        userName: `tagged-${Math.random()}`,
        userEmail: "tagged@example.com",
        userPhoneNumber: "+15555550123",
        userTags: [tagId],
      },
      { ...bare, userName: `plain-${Math.random()}`, userTags: [] },
    ];
    const before = await roundTrips();
    const created = await submitUsers(
      JSON.stringify(t.activity("ACTIVITY_TYPE_CREATE_USERS_V4", organizationId, { users: asked })),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    // Two as for one user without tags, and one more: the tags they name are read first.
    expect((await roundTrips()) - before).toBe(process.env.DATABASE_URL ? 3 : 5);
    const { activity } = created.body;
    const userIds: string[] = activity.result.createUsersResult.userIds;
    const read = await Promise.all(
      userIds.map((userId) => t.call<Body>("query", "get_user", { organizationId, userId }, root)),
    );
    expect(read.map((r) => r.body.user)).toEqual([
      expect.objectContaining({
        userId: userIds[0],
        userName: asked[0]!.userName,
        userEmail: "tagged@example.com",
        userPhoneNumber: "+15555550123",
        userTags: [tagId],
        apiKeys: [],
        authenticators: [],
      }),
      expect.objectContaining({ userId: userIds[1], userName: asked[1]!.userName, userTags: [] }),
    ]);
    // Created when the activity was: the same instant in the users and in the activity.
    expect(read.map((r) => r.body.user.createdAt)).toEqual([activity.createdAt, activity.createdAt]);
  });

  it("writes the users by the append on the path that records first too: a webhook endpoint listens", async () => {
    // A listening endpoint sends the submission down the path that records first (submit.ts), which
    // runs the same execution and ends with the same append: the users ride in it there as well.
    const scene = await webhookScene(t);
    const endpoint = await scene.submit("create_webhook_endpoint", "ACTIVITY_TYPE_CREATE_WEBHOOK_ENDPOINT", {
      url: "https://93.184.215.14/hook",
      name: "Users",
      subscriptions: [{ eventType: "ACTIVITY_UPDATES" }],
    });
    expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(200);
    const userName = `listened-${Math.random()}`;
    const created = await scene.submit("create_users", "ACTIVITY_TYPE_CREATE_USERS_V4", {
      users: [
        {
          userName,
          userEmail: "listened@example.com",
          apiKeys: [],
          authenticators: [],
          oauthProviders: [],
          userTags: [],
        },
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
    const [userId] = created.body.activity.result.createUsersResult.userIds;
    const user = await scene.query("get_user", { userId });
    expect(user.user).toMatchObject({ userId, userName, userEmail: "listened@example.com" });
    // And the endpoint's event about the activity was queued with it.
    const events = await t.app.db.execute(
      sql`select body from webhook_deliveries where organization_id = ${scene.organizationId} and event_type = 'ACTIVITY_UPDATES'`,
    );
    const bodies = (events as unknown as { rows: { body: string }[] }).rows.map((r) => r.body);
    expect(bodies.some((b) => b.includes(created.body.activity.id))).toBe(true);
  });

  it("is one activity and one user however the same signed body is resent: again, or six times at once", async () => {
    const once = usersBody();
    const first = await submitUsers(once.body);
    const again = await submitUsers(once.body);
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.body.activity.id).toBe(first.body.activity.id);
    expect(await usersNamed(once.userName)).toBe(1);

    const burst = usersBody({ apiKey: newApiKey() });
    const answers = await Promise.all(Array.from({ length: 6 }, () => submitUsers(burst.body)));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    expect(new Set(answers.map((a) => a.body.activity.id)).size).toBe(1);
    expect(new Set(answers.map((a) => JSON.stringify(a.body.activity.result))).size).toBe(1);
    // The losers' users rolled back with their failed append: one user, one key, one activity.
    expect(await usersNamed(burst.userName)).toBe(1);
    const [userId] = answers[0]!.body.activity.result.createUsersResult.userIds;
    expect(await count(sql`select count(*)::int as n from api_keys where user_id = ${userId}`)).toBe(1);
    expect(await activitiesWithBody(burst.body)).toBe(1);
  });

  it("writes nothing when the execution refuses: a tag the organization does not have", async () => {
    const chainLength = async () =>
      (await t.call<Body>("query", "list_audit_chain", { organizationId }, root)).body.headCheckpoint.seq;
    const before = await chainLength();
    const refused = usersBody({ userTags: ["00000000-0000-4000-8000-000000000000"] });
    const answer = await submitUsers(refused.body);
    expect(answer.status).toBe(404);
    expect(answer.body.message).toContain("00000000-0000-4000-8000-000000000000");
    expect(await usersNamed(refused.userName)).toBe(0);
    expect(await activitiesWithBody(refused.body)).toBe(0);
    expect(await chainLength()).toBe(before);
  });

  it("relies on users having no unique key but their ids", async () => {
    // A unique index here would be taken by the fold before the activity's fingerprint and by the
    // path that records first after it: take such users out of the fold before adding one.
    const unique = await t.app.db.execute(
      sql`select indexname from pg_indexes
          where tablename = 'users' and schemaname = current_schema() and indexdef ilike 'create unique index%'`,
    );
    const names = (unique as unknown as { rows: { indexname: string }[] }).rows.map((r) => r.indexname);
    expect(names).toEqual(["users_pkey"]);
  });

  it("leaves users with an API key, a passkey or an OAuth identity to the path that records first", () => {
    const fold = createUsers.recordedAfterExecution as (params: unknown) => boolean;
    const user = { userName: "u", apiKeys: [], authenticators: [], oauthProviders: [], userTags: [] };
    expect(fold({ users: [user, user] })).toBe(true);
    // An API key takes its public key's lock, a passkey consumes its registration challenge (a row
    // lock), an identity takes a unique key.
    expect(fold({ users: [user, { ...user, apiKeys: [{}] }] })).toBe(false);
    expect(fold({ users: [user, { ...user, authenticators: [{}] }] })).toBe(false);
    expect(fold({ users: [{ ...user, oauthProviders: [{}] }] })).toBe(false);
  });
});
