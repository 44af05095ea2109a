import type { TagKindId } from "@/lib/queries/tags";

/**
 * How the tag pages speak of each kind of tag; what differs for the API (paths, parameters, query
 * keys) is lib/queries/tags' business, reached through `id`.
 */
export interface TagKind {
  id: TagKindId;
  title: string;
  /** "private key tag", "user tag". */
  noun: string;
  /** What the tag is put on, plural: "private keys", "users". */
  targets: string;
}

export const PRIVATE_KEY_TAGS: TagKind = {
  id: "private-key",
  title: "Private key tags",
  noun: "private key tag",
  targets: "private keys",
};

export const USER_TAGS: TagKind = {
  id: "user",
  title: "User tags",
  noun: "user tag",
  targets: "users",
};
