import type { TTagType } from "@/lib/api/tags";
import { privateKeyTargets, type TagTargets, userTargets } from "./targets";

/** One kind of tag: its stored type, how messages name it, what it is attached to, its field names. */
export interface TagKind {
  tagType: TTagType;
  noun: "user tag" | "private key tag";
  targets: TagTargets;
  fields: { add: string; remove: string };
}

export const USER_TAGS: TagKind = {
  tagType: "TAG_TYPE_USER",
  noun: "user tag",
  targets: userTargets,
  fields: { add: "parameters.addUserIds", remove: "parameters.removeUserIds" },
};

export const PRIVATE_KEY_TAGS: TagKind = {
  tagType: "TAG_TYPE_PRIVATE_KEY",
  noun: "private key tag",
  targets: privateKeyTargets,
  fields: { add: "parameters.addPrivateKeyIds", remove: "parameters.removePrivateKeyIds" },
};
