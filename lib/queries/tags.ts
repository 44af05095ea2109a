"use client";

import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import type { TActivityPath } from "@/lib/api/activity-types";
import { type TTag, ZCreatePrivateKeyTagParams, ZCreateUserTagParams } from "@/lib/api/tags";
import { query } from "@/lib/client/api";
import { useSession } from "@/lib/client/session-context";
import type { StoredSession } from "@/lib/client/session-store";
import { useActivityMutation } from "./activity-mutation";
import { PRIVATE_KEYS, usePrivateKeys } from "./private-keys";
import { USERS, useUsers } from "./users";

export type TagKindId = "private-key" | "user";

/**
 * The two kinds of tag differ for the API only in names: paths, parameter and result members.
 * One descriptor each lets the same hooks serve both.
 */
interface TagResource {
  /** Query key of the kind's tag list. */
  key: string;
  /** Query key of what the tags are put on: a deleted tag is taken off them. */
  related: string;
  list(session: StoredSession): Promise<TTag[]>;
  create: { path: TActivityPath; parameters(name: string): Record<string, unknown> };
  rename: { path: TActivityPath; parameters(tagId: string, name: string): Record<string, unknown> };
  remove: { path: TActivityPath; parameters(tagId: string): Record<string, unknown> };
}

const TAGS: Record<TagKindId, TagResource> = {
  "private-key": {
    key: "private-key-tags",
    related: PRIVATE_KEYS,
    list: async (session) => (await query(session, "list_private_key_tags")).privateKeyTags,
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
  },
  user: {
    key: "user-tags",
    related: USERS,
    list: async (session) => (await query(session, "list_user_tags")).userTags,
    create: { path: "create_user_tag", parameters: (name) => ({ userTagName: name, userIds: [] }) },
    rename: {
      path: "update_user_tag",
      parameters: (tagId, name) => ({
        userTagId: tagId,
        newUserTagName: name,
        addUserIds: [],
        removeUserIds: [],
      }),
    },
    remove: { path: "delete_user_tags", parameters: (tagId) => ({ userTagIds: [tagId] }) },
  },
};

export function useTags(kind: TagKindId) {
  const session = useSession();
  return useQuery({ queryKey: [TAGS[kind].key], queryFn: () => TAGS[kind].list(session) });
}

/**
 * The form naming a tag, to create or rename it. Renaming uses the creation rule, not
 * update_*_tag's (where an empty name means "keep it"): an emptied box is a slip, not a request.
 */
export const TAG_NAME_FORMS = {
  "private-key": z.object({ tagName: ZCreatePrivateKeyTagParams.shape.privateKeyTagName }),
  user: z.object({ tagName: ZCreateUserTagParams.shape.userTagName }),
} satisfies Record<TagKindId, z.ZodType>;
export type TTagNameForm = z.output<(typeof TAG_NAME_FORMS)[TagKindId]>;

export const useCreateTag = (kind: TagKindId) =>
  useActivityMutation<TTagNameForm>(
    TAGS[kind].create.path,
    ({ tagName }) => TAGS[kind].create.parameters(tagName),
    [TAGS[kind].key],
  );

export const useRenameTag = (kind: TagKindId, tagId: string) =>
  useActivityMutation<TTagNameForm>(
    TAGS[kind].rename.path,
    ({ tagName }) => TAGS[kind].rename.parameters(tagId, tagName),
    [TAGS[kind].key],
  );

export const useDeleteTag = (kind: TagKindId) =>
  useActivityMutation<string>(TAGS[kind].remove.path, TAGS[kind].remove.parameters, [
    TAGS[kind].key,
    TAGS[kind].related,
  ]);

/** How many private keys or users carry each tag (by tag id); undefined until they are loaded. */
export function useTagUsage(kind: TagKindId): Map<string, number> | undefined {
  const keys = usePrivateKeys();
  const users = useUsers();
  const tagLists =
    kind === "private-key"
      ? keys.data?.map((key) => key.privateKeyTags)
      : users.data?.map((user) => user.userTags);
  if (!tagLists) return undefined;
  const counts = new Map<string, number>();
  for (const id of tagLists.flat()) counts.set(id, (counts.get(id) ?? 0) + 1);
  return counts;
}
