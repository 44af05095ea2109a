import { z } from "zod";
import { ZId, ZName, ZTimestamp } from "./common";

export const TAG_TYPES = ["TAG_TYPE_USER", "TAG_TYPE_PRIVATE_KEY"] as const;
export const ZTagType = z.enum(TAG_TYPES);
export type TTagType = z.infer<typeof ZTagType>;

export const ZTag = z.object({
  tagId: z.string(),
  tagName: z.string(),
  tagType: ZTagType,
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
});
export type TTag = z.infer<typeof ZTag>;

const ZIds = z.array(ZId).max(100, "must name at most 100 ids");
/** An empty new name means "keep the name", as an unset proto3 string reads. */
const ZNewName = z.union([ZName, z.literal("")]).optional();

export const ZCreateUserTagParams = z.object({ userTagName: ZName, userIds: ZIds });
export const ZUpdateUserTagParams = z.object({
  userTagId: ZId,
  newUserTagName: ZNewName,
  addUserIds: ZIds,
  removeUserIds: ZIds,
});
export const ZDeleteUserTagsParams = z.object({
  userTagIds: z.array(ZId).min(1, "must name at least one tag").max(100, "must name at most 100 tags"),
});

export const ZCreatePrivateKeyTagParams = z.object({ privateKeyTagName: ZName, privateKeyIds: ZIds });
export const ZUpdatePrivateKeyTagParams = z.object({
  privateKeyTagId: ZId,
  newPrivateKeyTagName: ZNewName,
  addPrivateKeyIds: ZIds,
  removePrivateKeyIds: ZIds,
});
export const ZDeletePrivateKeyTagsParams = z.object({
  privateKeyTagIds: z.array(ZId).min(1, "must name at least one tag").max(100, "must name at most 100 tags"),
});

export const ZListUserTagsResponse = z.object({ userTags: z.array(ZTag) });
export const ZListPrivateKeyTagsResponse = z.object({ privateKeyTags: z.array(ZTag) });
