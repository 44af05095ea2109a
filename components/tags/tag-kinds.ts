import type { TActivityPath } from "@/lib/api/activity-types";
/**
 * The two kinds of tag differ only in names: paths, parameter and result members.
 * One descriptor each lets the tag components serve both.
 */
export interface TagKind {
  id: "private-key" | "user";
  title: string;
  /** "private key tag", "user tag". */
  noun: string;
  /** What the tag is put on, plural: "private keys", "users". */
  targets: string;
  list: { path: string; member: string };
  queryKey: string;
  /** Queries that show tags on their rows, refreshed when tags change. */
  related: string;
  create: { path: TActivityPath; parameters(name: string): Record<string, unknown> };
  rename: { path: TActivityPath; parameters(tagId: string, name: string): Record<string, unknown> };
  remove: { path: TActivityPath; parameters(tagId: string): Record<string, unknown> };
}

export const PRIVATE_KEY_TAGS: TagKind = {
  id: "private-key",
  title: "Private key tags",
  noun: "private key tag",
  targets: "private keys",
  list: { path: "list_private_key_tags", member: "privateKeyTags" },
  queryKey: "private-key-tags",
  related: "private-keys",
  create: {
    path: "create_private_key_tag",
    parameters: (name) => ({ privateKeyTagName: name, privateKeyIds: [] }),
  },
  rename: {
    path: "update_private_key_tag",
    parameters: (tagId, name) => ({
      privateKeyTagId: tagId,
      newPrivateKeyTagName: name,
      addPrivateKeyIds: [],
      removePrivateKeyIds: [],
    }),
  },
  remove: {
    path: "delete_private_key_tags",
    parameters: (tagId) => ({ privateKeyTagIds: [tagId] }),
  },
};

export const USER_TAGS: TagKind = {
  id: "user",
  title: "User tags",
  noun: "user tag",
  targets: "users",
  list: { path: "list_user_tags", member: "userTags" },
  queryKey: "user-tags",
  related: "users",
  create: {
    path: "create_user_tag",
    parameters: (name) => ({ userTagName: name, userIds: [] }),
  },
  rename: {
    path: "update_user_tag",
    parameters: (tagId, name) => ({
      userTagId: tagId,
      newUserTagName: name,
      addUserIds: [],
      removeUserIds: [],
    }),
  },
  remove: {
    path: "delete_user_tags",
    parameters: (tagId) => ({ userTagIds: [tagId] }),
  },
};
