"use client";

import { useUsers } from "@/lib/queries/users";
import { usePrivateKeys } from "../private-keys/use-private-keys";
import type { TagKind } from "./tag-kinds";

/** How many private keys or users carry each tag (by tag id); undefined until they are loaded. */
export function useTagUsage(kind: TagKind): Map<string, number> | undefined {
  const keys = usePrivateKeys();
  const users = useUsers();
  const tagLists =
    kind.id === "private-key"
      ? keys.data?.map((key) => key.privateKeyTags)
      : users.data?.map((user) => user.userTags);
  if (!tagLists) return undefined;
  const counts = new Map<string, number>();
  for (const id of tagLists.flat()) counts.set(id, (counts.get(id) ?? 0) + 1);
  return counts;
}
