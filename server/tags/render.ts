import { toTimestamp } from "@/lib/api/common";
import type { TTag, TTagType } from "@/lib/api/tags";
import type { TagRow } from "../db/schema";

export function renderTag(row: TagRow): TTag {
  return {
    tagId: row.id,
    tagName: row.name,
    tagType: row.tagType as TTagType,
    createdAt: toTimestamp(row.createdAt),
    updatedAt: toTimestamp(row.updatedAt),
  };
}
