import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { privateKeys, users } from "../../db/schema";
import { newId } from "../../ids";
import { databaseDigest } from "../../testing/db-snapshot";
import { startTestApp, type TestApp, type TestKey } from "../../testing/harness";

/**
 * User tags and private key tags through the real pipeline: create, rename, attach, detach,
 * delete, read back through the queries, and every refusal a 4xx that writes nothing.
 */

interface Org {
  organizationId: string;
  userId: string;
  key: TestKey;
}
interface ActivityBody {
  activity: {
    status: string;
    type: string;
    intent: Record<string, unknown>;
    result: Record<string, Record<string, unknown>>;
  };
}
interface ErrorBody {
  code: number;
  message: string;
  details: { turnkeyErrorCode?: string }[];
}
interface Tag {
  tagId: string;
  tagName: string;
  tagType: string;
  createdAt: { seconds: string; nanos: string };
  updatedAt: { seconds: string; nanos: string };
}

let t: TestApp;
let org: Org;
let other: Org;
beforeAll(async () => {
  t = await startTestApp();
  org = await t.newOrganization("Tagged");
  other = await t.newOrganization("Elsewhere");
});
afterAll(async () => t?.close());

const submit = <T = ActivityBody>(who: Org, path: string, type: string, parameters: unknown) =>
  t.call<T>("submit", path, t.activity(type, who.organizationId, parameters), who.key);
const query = <T>(who: Org, path: string, body: Record<string, unknown> = {}) =>
  t.call<T>("query", path, { organizationId: who.organizationId, ...body }, who.key);

async function ok(who: Org, path: string, type: string, parameters: unknown) {
  const res = await submit(who, path, type, parameters);
  expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
  expect(res.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
  return res.body.activity;
}

/** Every row of every table, including private keys, which the shared digest does not cover. */
async function everything() {
  const result = await t.app.db.execute(
    sql.raw(`select count(*)::text as n, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as h
             from private_keys t`),
  );
  const row = (result as unknown as { rows: { n: string; h: string }[] }).rows[0]!;
  return { ...(await databaseDigest(t.app)), private_keys: `${row.n}:${row.h}` };
}

async function expectRefused(
  request: () => Promise<{ status: number; body: unknown }>,
  status: number,
  message: string,
  reason?: string,
) {
  const before = await everything();
  const res = await request();
  expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(status);
  expect((res.body as ErrorBody).message).toBe(message);
  if (reason) expect((res.body as ErrorBody).details[0]!.turnkeyErrorCode).toBe(reason);
  expect(await everything()).toEqual(before);
}

async function createUsers(who: Org, ...names: string[]): Promise<string[]> {
  const activity = await ok(who, "create_users", "ACTIVITY_TYPE_CREATE_USERS_V4", {
    users: names.map((userName) => ({
      userName,
      apiKeys: [],
      authenticators: [],
      oauthProviders: [],
      userTags: [],
    })),
  });
  return (activity.result.createUsersResult as { userIds: string[] }).userIds;
}

/** Private keys are made by another activity; rows are enough for tagging. */
async function insertPrivateKeys(who: Org, count: number): Promise<string[]> {
  const now = t.clock.now();
  const ids = Array.from({ length: count }, () => newId(now.getTime()));
  await t.app.db.insert(privateKeys).values(
    ids.map((id, i) => ({
      id,
      organizationId: who.organizationId,
      name: `key ${id.slice(-6)} ${i}`,
      curve: "CURVE_SECP256K1",
      publicKey: `02${"ab".repeat(32)}`,
      tagIds: [],
      exported: false,
      imported: false,
      createdAt: now,
      updatedAt: now,
    })),
  );
  return ids;
}

async function keyTags(ids: string[]): Promise<Record<string, string[]>> {
  const rows = await t.app.db.select().from(privateKeys).where(inArray(privateKeys.id, ids));
  return Object.fromEntries(rows.map((r) => [r.id, r.tagIds]));
}

async function userTagsOf(who: Org, userId: string): Promise<string[]> {
  const res = await query<{ user: { userTags: string[] } }>(who, "get_user", { userId });
  expect(res.status).toBe(200);
  return res.body.user.userTags;
}

const timestampNow = () => {
  const ms = t.clock.now().getTime();
  return { seconds: String(Math.floor(ms / 1000)), nanos: String((ms % 1000) * 1e6) };
};

describe("private key tags", () => {
  let keys: string[];
  let tagId: string;
  beforeAll(async () => {
    keys = await insertPrivateKeys(org, 3);
  });

  it("create_private_key_tag attaches the tag to the keys, and list_private_key_tags shows it", async () => {
    const parameters = { privateKeyTagName: "treasury", privateKeyIds: [keys[0], keys[1], keys[0]] };
    const activity = await ok(
      org,
      "create_private_key_tag",
      "ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG",
      parameters,
    );
    expect(activity.intent).toEqual({ createPrivateKeyTagIntent: parameters });
    tagId = (activity.result.createPrivateKeyTagResult as { privateKeyTagId: string }).privateKeyTagId;
    expect(activity.result).toEqual({
      createPrivateKeyTagResult: { privateKeyTagId: tagId, privateKeyIds: [keys[0], keys[1]] },
    });
    const list = await query<{ privateKeyTags: Tag[] }>(org, "list_private_key_tags");
    expect(list.status).toBe(200);
    expect(list.body).toEqual({
      privateKeyTags: [
        {
          tagId,
          tagName: "treasury",
          tagType: "TAG_TYPE_PRIVATE_KEY",
          createdAt: timestampNow(),
          updatedAt: timestampNow(),
        },
      ],
    });
    expect(await keyTags(keys)).toEqual({ [keys[0]!]: [tagId], [keys[1]!]: [tagId], [keys[2]!]: [] });
    expect((await query(org, "list_user_tags")).body).toEqual({ userTags: [] });
  });

  it("update_private_key_tag renames, adds and removes", async () => {
    const activity = await ok(org, "update_private_key_tag", "ACTIVITY_TYPE_UPDATE_PRIVATE_KEY_TAG", {
      privateKeyTagId: tagId,
      newPrivateKeyTagName: "cold storage",
      addPrivateKeyIds: [keys[2], keys[1]],
      removePrivateKeyIds: [keys[0]],
    });
    expect(activity.result).toEqual({ updatePrivateKeyTagResult: { privateKeyTagId: tagId } });
    const list = await query<{ privateKeyTags: Tag[] }>(org, "list_private_key_tags");
    expect(list.body.privateKeyTags.map((tag) => [tag.tagId, tag.tagName])).toEqual([
      [tagId, "cold storage"],
    ]);
    expect(await keyTags(keys)).toEqual({ [keys[0]!]: [], [keys[1]!]: [tagId], [keys[2]!]: [tagId] });
  });

  it("an empty new name keeps the name", async () => {
    await ok(org, "update_private_key_tag", "ACTIVITY_TYPE_UPDATE_PRIVATE_KEY_TAG", {
      privateKeyTagId: tagId,
      newPrivateKeyTagName: "",
      addPrivateKeyIds: [],
      removePrivateKeyIds: [],
    });
    const list = await query<{ privateKeyTags: Tag[] }>(org, "list_private_key_tags");
    expect(list.body.privateKeyTags[0]!.tagName).toBe("cold storage");
  });

  it("refuses, writing nothing: unknown or foreign keys, duplicate names, foreign or user tags, add+remove", async () => {
    const foreignKeys = await insertPrivateKeys(other, 1);
    const unknown = "01890000-0000-7000-8000-000000000001";
    const create = (parameters: unknown) => () =>
      submit(org, "create_private_key_tag", "ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG", parameters);
    const update = (parameters: Record<string, unknown>) => () =>
      submit(org, "update_private_key_tag", "ACTIVITY_TYPE_UPDATE_PRIVATE_KEY_TAG", {
        privateKeyTagId: tagId,
        addPrivateKeyIds: [],
        removePrivateKeyIds: [],
        ...parameters,
      });

    await expectRefused(
      create({ privateKeyTagName: "new", privateKeyIds: [keys[0], unknown, foreignKeys[0]] }),
      404,
      `private key not found: ${unknown}, ${foreignKeys[0]}`,
      "PRIVATE_KEY_NOT_FOUND",
    );
    await expectRefused(
      create({ privateKeyTagName: "cold storage", privateKeyIds: [] }),
      409,
      `a private key tag named "cold storage" already exists in organization ${org.organizationId} (${tagId})`,
      "TAG_NAME_EXISTS",
    );
    await expectRefused(
      create({ privateKeyTagName: "", privateKeyIds: [] }),
      400,
      "invalid request: parameters.privateKeyTagName: must not be empty",
    );

    const userTag = await ok(org, "create_user_tag", "ACTIVITY_TYPE_CREATE_USER_TAG", {
      userTagName: "cold storage",
      userIds: [],
    });
    const userTagId = (userTag.result.createUserTagResult as { userTagId: string }).userTagId;
    await expectRefused(
      update({ privateKeyTagId: userTagId }),
      404,
      `private key tag not found: ${userTagId}`,
      "PRIVATE_KEY_TAG_NOT_FOUND",
    );
    const foreignTag = await ok(other, "create_private_key_tag", "ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG", {
      privateKeyTagName: "theirs",
      privateKeyIds: foreignKeys,
    });
    const foreignTagId = (foreignTag.result.createPrivateKeyTagResult as { privateKeyTagId: string })
      .privateKeyTagId;
    await expectRefused(
      update({ privateKeyTagId: foreignTagId }),
      404,
      `private key tag not found: ${foreignTagId}`,
    );
    await expectRefused(
      update({ addPrivateKeyIds: [foreignKeys[0]] }),
      404,
      `private key not found: ${foreignKeys[0]}`,
    );
    await expectRefused(
      update({ addPrivateKeyIds: [keys[0]], removePrivateKeyIds: [keys[0]] }),
      400,
      `parameters.addPrivateKeyIds and parameters.removePrivateKeyIds both name ${keys[0]}`,
    );
    const second = await ok(org, "create_private_key_tag", "ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG", {
      privateKeyTagName: "hot",
      privateKeyIds: [],
    });
    const secondId = (second.result.createPrivateKeyTagResult as { privateKeyTagId: string }).privateKeyTagId;
    await expectRefused(
      update({ privateKeyTagId: secondId, newPrivateKeyTagName: "cold storage" }),
      409,
      `a private key tag named "cold storage" already exists in organization ${org.organizationId} (${tagId})`,
    );
    await expectRefused(
      () =>
        submit(org, "delete_private_key_tags", "ACTIVITY_TYPE_DELETE_PRIVATE_KEY_TAGS", {
          privateKeyTagIds: [secondId, foreignTagId, userTagId],
        }),
      404,
      `private key tag not found: ${foreignTagId}, ${userTagId}`,
    );
    // The other organization still has its tag on its key; this one never saw it.
    expect(await keyTags(foreignKeys)).toEqual({ [foreignKeys[0]!]: [foreignTagId] });
    const theirs = await query<{ privateKeyTags: Tag[] }>(other, "list_private_key_tags");
    expect(theirs.body.privateKeyTags.map((tag) => tag.tagName)).toEqual(["theirs"]);
  });

  it("delete_private_key_tags deletes the tags and detaches them from every key", async () => {
    const list = await query<{ privateKeyTags: Tag[] }>(org, "list_private_key_tags");
    const ids = list.body.privateKeyTags.map((tag) => tag.tagId);
    expect(list.body.privateKeyTags.map((tag) => tag.tagName)).toEqual(["cold storage", "hot"]);
    const activity = await ok(org, "delete_private_key_tags", "ACTIVITY_TYPE_DELETE_PRIVATE_KEY_TAGS", {
      privateKeyTagIds: ids,
    });
    expect(activity.result).toEqual({
      deletePrivateKeyTagsResult: { privateKeyTagIds: ids, privateKeyIds: [keys[1], keys[2]].sort() },
    });
    expect((await query(org, "list_private_key_tags")).body).toEqual({ privateKeyTags: [] });
    expect(await keyTags(keys)).toEqual({ [keys[0]!]: [], [keys[1]!]: [], [keys[2]!]: [] });
    await expectRefused(
      () =>
        submit(org, "delete_private_key_tags", "ACTIVITY_TYPE_DELETE_PRIVATE_KEY_TAGS", {
          privateKeyTagIds: [ids[0]],
        }),
      404,
      `private key tag not found: ${ids[0]}`,
    );
  });
});

describe("user tags", () => {
  let alice: string;
  let bob: string;
  let tagId: string;
  beforeAll(async () => {
    [alice, bob] = (await createUsers(org, "alice", "bob")) as [string, string];
  });

  it("create_user_tag attaches the tag; get_user and list_user_tags show it", async () => {
    const activity = await ok(org, "create_user_tag", "ACTIVITY_TYPE_CREATE_USER_TAG", {
      userTagName: "approvers",
      userIds: [alice],
    });
    tagId = (activity.result.createUserTagResult as { userTagId: string }).userTagId;
    expect(activity.result).toEqual({ createUserTagResult: { userTagId: tagId, userIds: [alice] } });
    expect(await userTagsOf(org, alice)).toEqual([tagId]);
    expect(await userTagsOf(org, bob)).toEqual([]);
    const list = await query<{ userTags: Tag[] }>(org, "list_user_tags");
    expect(list.body.userTags.find((tag) => tag.tagId === tagId)).toEqual({
      tagId,
      tagName: "approvers",
      tagType: "TAG_TYPE_USER",
      createdAt: timestampNow(),
      updatedAt: timestampNow(),
    });
  });

  it("update_user_tag moves it from one user to another and renames it", async () => {
    await ok(org, "update_user_tag", "ACTIVITY_TYPE_UPDATE_USER_TAG", {
      userTagId: tagId,
      newUserTagName: "signers",
      addUserIds: [bob],
      removeUserIds: [alice],
    });
    expect(await userTagsOf(org, alice)).toEqual([]);
    expect(await userTagsOf(org, bob)).toEqual([tagId]);
    const list = await query<{ userTags: Tag[] }>(org, "list_user_tags");
    expect(list.body.userTags.find((tag) => tag.tagId === tagId)?.tagName).toBe("signers");
  });

  it("create_users accepts this organization's user tags and refuses private key tags and foreign tags", async () => {
    const [carol] = await createUsersWithTags(org, [tagId]);
    expect(await userTagsOf(org, carol!)).toEqual([tagId]);
    const keyTag = await ok(org, "create_private_key_tag", "ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG", {
      privateKeyTagName: "k",
      privateKeyIds: [],
    });
    const keyTagId = (keyTag.result.createPrivateKeyTagResult as { privateKeyTagId: string }).privateKeyTagId;
    await expectRefused(
      () =>
        submit(org, "create_users", "ACTIVITY_TYPE_CREATE_USERS_V4", {
          users: [
            { userName: "dave", apiKeys: [], authenticators: [], oauthProviders: [], userTags: [keyTagId] },
          ],
        }),
      404,
      `parameters.users[0].userTags: user tag not found: ${keyTagId}`,
    );
    await expectRefused(
      () =>
        submit(other, "create_users", "ACTIVITY_TYPE_CREATE_USERS_V4", {
          users: [
            { userName: "eve", apiKeys: [], authenticators: [], oauthProviders: [], userTags: [tagId] },
          ],
        }),
      404,
      `parameters.users[0].userTags: user tag not found: ${tagId}`,
    );
  });

  it("refuses, writing nothing: deleted or foreign users, duplicate names, foreign tag ids", async () => {
    const [leaver] = await createUsers(org, "leaver");
    await ok(org, "delete_users", "ACTIVITY_TYPE_DELETE_USERS", { userIds: [leaver] });
    const create = (parameters: unknown) => () =>
      submit(org, "create_user_tag", "ACTIVITY_TYPE_CREATE_USER_TAG", parameters);
    await expectRefused(
      create({ userTagName: "x", userIds: [alice, leaver] }),
      404,
      `user not found: ${leaver}`,
      "USER_NOT_FOUND",
    );
    await expectRefused(
      create({ userTagName: "x", userIds: [other.userId] }),
      404,
      `user not found: ${other.userId}`,
    );
    await expectRefused(
      create({ userTagName: "signers", userIds: [] }),
      409,
      `a user tag named "signers" already exists in organization ${org.organizationId} (${tagId})`,
    );
    await expectRefused(
      () =>
        submit(other, "update_user_tag", "ACTIVITY_TYPE_UPDATE_USER_TAG", {
          userTagId: tagId,
          addUserIds: [],
          removeUserIds: [],
        }),
      404,
      `user tag not found: ${tagId}`,
      "USER_TAG_NOT_FOUND",
    );
    await expectRefused(
      () => submit(other, "delete_user_tags", "ACTIVITY_TYPE_DELETE_USER_TAGS", { userTagIds: [tagId] }),
      404,
      `user tag not found: ${tagId}`,
    );
    expect((await query(other, "list_user_tags")).body).toEqual({ userTags: [] });
  });

  it("concurrent creations of one name: one succeeds, the others are 409s", async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        submit(org, "create_user_tag", "ACTIVITY_TYPE_CREATE_USER_TAG", { userTagName: "race", userIds: [] }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const list = await query<{ userTags: Tag[] }>(org, "list_user_tags");
    expect(list.body.userTags.filter((tag) => tag.tagName === "race")).toHaveLength(1);
  });

  it("delete_user_tags detaches the tag from every user, deleted ones included", async () => {
    const [leaver] = await createUsersWithTags(org, [tagId]);
    await ok(org, "delete_users", "ACTIVITY_TYPE_DELETE_USERS", { userIds: [leaver] });
    const carriers = await t.app.db
      .select({ id: users.id })
      .from(users)
      .where(sql`${tagId}::text = any(${users.tagIds})`);
    expect(carriers.length).toBe(3); // bob, carol and the deleted user
    const activity = await ok(org, "delete_user_tags", "ACTIVITY_TYPE_DELETE_USER_TAGS", {
      userTagIds: [tagId, tagId],
    });
    expect(activity.result).toEqual({
      deleteUserTagsResult: { userTagIds: [tagId], userIds: carriers.map((c) => c.id).sort() },
    });
    expect(await userTagsOf(org, bob)).toEqual([]);
    const [deleted] = await t.app.db.select().from(users).where(eq(users.id, leaver!));
    expect(deleted!.tagIds).toEqual([]);
    const list = await query<{ userTags: Tag[] }>(org, "list_user_tags");
    expect(list.body.userTags.map((tag) => tag.tagId)).not.toContain(tagId);
  });
});

async function createUsersWithTags(who: Org, userTags: string[]): Promise<string[]> {
  const activity = await ok(who, "create_users", "ACTIVITY_TYPE_CREATE_USERS_V4", {
    users: [
      {
        userName: `tagged ${userTags.length}`,
        apiKeys: [],
        authenticators: [],
        oauthProviders: [],
        userTags,
      },
    ],
  });
  return (activity.result.createUsersResult as { userIds: string[] }).userIds;
}

describe("one tag check for every activity that takes tag ids", () => {
  it("names the field and every missing id, with the kind's reason, and writes nothing", async () => {
    const userTag = await ok(org, "create_user_tag", "ACTIVITY_TYPE_CREATE_USER_TAG", {
      userTagName: "reviewers",
      userIds: [],
    });
    const userTagId = (userTag.result.createUserTagResult as { userTagId: string }).userTagId;
    const key = (privateKeyTags: string[]) => ({
      privateKeyName: `k-${privateKeyTags.length}`,
      curve: "CURVE_SECP256K1",
      addressFormats: [],
      privateKeyTags,
    });
    // A user tag is no private key tag, wherever it is named.
    await expectRefused(
      () =>
        submit(org, "create_private_keys", "ACTIVITY_TYPE_CREATE_PRIVATE_KEYS_V2", {
          privateKeys: [key([]), key([userTagId])],
        }),
      404,
      `parameters.privateKeys[1].privateKeyTags: private key tag not found: ${userTagId}`,
      "PRIVATE_KEY_TAG_NOT_FOUND",
    );
    const [carol] = await createUsers(org, "carol");
    await expectRefused(
      () =>
        submit(org, "update_user", "ACTIVITY_TYPE_UPDATE_USER", {
          userId: carol,
          userTagIds: [userTagId, "0194c7a2-0000-7000-8000-00000000dead"],
        }),
      404,
      `parameters.userTagIds: user tag not found: 0194c7a2-0000-7000-8000-00000000dead`,
      "USER_TAG_NOT_FOUND",
    );
  });
});
