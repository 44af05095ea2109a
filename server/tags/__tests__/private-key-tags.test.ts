import { beforeAll, describe, expect, it } from "vitest";
import {
  expectRefused,
  insertPrivateKeys,
  keyTags,
  ok,
  org,
  other,
  query,
  submit,
  type Tag,
  timestampNow,
  withTagScene,
} from "./tag-scene";

/**
 * Private key tags through the real pipeline: create, rename, attach, detach, delete, read back
 * through the queries, and every refusal a 4xx that writes nothing.
 */

withTagScene();

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
