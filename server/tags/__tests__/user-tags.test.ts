import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import {
  createUsers,
  createUsersWithTags,
  expectRefused,
  ok,
  org,
  other,
  query,
  submit,
  type Tag,
  t,
  timestampNow,
  userTagsOf,
  withTagScene,
} from "./tag-scene";

/**
 * User tags through the real pipeline: create, rename, attach, detach, delete, read back through
 * the queries (deleted users included), and every refusal a 4xx that writes nothing.
 */

withTagScene();

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

  it("deleting some of a user's tags at once leaves the others, in their order", async () => {
    const tagIds: string[] = [];
    for (const userTagName of ["first", "second", "third"]) {
      const activity = await ok(org, "create_user_tag", "ACTIVITY_TYPE_CREATE_USER_TAG", {
        userTagName,
        userIds: [],
      });
      tagIds.push((activity.result.createUserTagResult as { userTagId: string }).userTagId);
    }
    const [carrier] = await createUsersWithTags(org, tagIds);
    const [first, second, third] = tagIds as [string, string, string];
    await ok(org, "delete_user_tags", "ACTIVITY_TYPE_DELETE_USER_TAGS", { userTagIds: [third, first] });
    expect(await userTagsOf(org, carrier!)).toEqual([second]);
  });
});
