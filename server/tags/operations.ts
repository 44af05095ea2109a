import { and, eq, inArray } from "drizzle-orm";
import type { Tx } from "../db/client";
import { tags } from "../db/schema";
import { invalid, notFound } from "../errors";
import { newId } from "../ids";
import { lockTagNames, requireFreeName, requireTags } from "./find";
import type { TagKind } from "./kinds";

/**
 * Creating, changing and deleting tags of either kind. Every check runs before the first write, so
 * a refused activity changes nothing (and the executor rolls back whatever an error interrupts).
 */

const unique = (ids: string[]) => [...new Set(ids)];

async function requireTargets(tx: Tx, organizationId: string, kind: TagKind, ids: string[]) {
  const missing = await kind.targets.missing(tx, organizationId, ids);
  if (missing.length > 0) throw notFound(kind.targets.noun, missing.join(", "));
}

export async function createTag(
  tx: Tx,
  organizationId: string,
  kind: TagKind,
  input: { name: string; targetIds: string[] },
  now: Date,
): Promise<{ tagId: string; targetIds: string[] }> {
  const targetIds = unique(input.targetIds);
  await lockTagNames(tx, organizationId, kind);
  await requireFreeName(tx, organizationId, kind, input.name);
  await requireTargets(tx, organizationId, kind, targetIds);
  const tagId = newId(now.getTime());
  await tx.insert(tags).values({
    id: tagId,
    organizationId,
    name: input.name,
    tagType: kind.tagType,
    createdAt: now,
    updatedAt: now,
  });
  await kind.targets.attach(tx, organizationId, tagId, targetIds, now);
  return { tagId, targetIds };
}

export async function updateTag(
  tx: Tx,
  organizationId: string,
  kind: TagKind,
  input: { tagId: string; newName?: string; addIds: string[]; removeIds: string[] },
  now: Date,
): Promise<{ tagId: string }> {
  const [tag] = await requireTags(tx, organizationId, kind, [input.tagId]);
  const addIds = unique(input.addIds);
  const removeIds = unique(input.removeIds);
  const both = addIds.find((id) => removeIds.includes(id));
  if (both)
    throw invalid(`${kind.fields.add} and ${kind.fields.remove} both name ${both}`, kind.fields.remove);
  const rename = input.newName && input.newName !== tag!.name ? input.newName : undefined;
  if (rename) {
    await lockTagNames(tx, organizationId, kind);
    await requireFreeName(tx, organizationId, kind, rename, tag!.id);
  }
  await requireTargets(tx, organizationId, kind, unique([...addIds, ...removeIds]));
  await tx
    .update(tags)
    .set({ name: rename ?? tag!.name, updatedAt: now })
    .where(and(eq(tags.organizationId, organizationId), eq(tags.id, tag!.id)));
  await kind.targets.attach(tx, organizationId, tag!.id, addIds, now);
  await kind.targets.detach(tx, organizationId, tag!.id, now, removeIds);
  return { tagId: tag!.id };
}

/** Delete tags and take them off everything carrying them; returns the rows they were taken off. */
export async function deleteTags(
  tx: Tx,
  organizationId: string,
  kind: TagKind,
  tagIds: string[],
  now: Date,
): Promise<{ tagIds: string[]; targetIds: string[] }> {
  const ids = unique(tagIds);
  await requireTags(tx, organizationId, kind, ids);
  const detached = await kind.targets.detachAll(tx, organizationId, ids, now);
  await tx.delete(tags).where(and(eq(tags.organizationId, organizationId), inArray(tags.id, ids)));
  return { tagIds: ids, targetIds: [...detached].sort() };
}
