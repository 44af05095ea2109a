import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../db/client";
import { type TagRow, tags } from "../db/schema";
import { ApiError } from "../errors";
import type { TagKind } from "./kinds";

/** Tags of one kind in the organization, oldest first. */
export async function loadTags(db: DbOrTx, organizationId: string, kind: TagKind): Promise<TagRow[]> {
  return db
    .select()
    .from(tags)
    .where(and(eq(tags.organizationId, organizationId), eq(tags.tagType, kind.tagType)))
    .orderBy(asc(tags.id));
}

/** Those of the named tags that are of this organization and this kind (one query). */
export async function findTags(
  db: DbOrTx,
  organizationId: string,
  kind: TagKind,
  ids: string[],
): Promise<TagRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(tags)
    .where(
      and(eq(tags.organizationId, organizationId), eq(tags.tagType, kind.tagType), inArray(tags.id, ids)),
    );
}

/**
 * The 404 for tag ids that are not tags of this organization and kind (another organization's tag,
 * or a tag of the other kind, is not found either): every missing id, and the field that named them.
 */
export function tagsNotFound(kind: TagKind, missing: string[], field?: string): ApiError {
  const message = `${field ? `${field}: ` : ""}${kind.noun} not found: ${missing.join(", ")}`;
  return new ApiError("NOT_FOUND", notFoundReason(kind), message, {
    fieldViolations: field ? [{ field, description: message }] : [],
  });
}

/**
 * The named tags, each of this organization and this kind; otherwise tagsNotFound. The one check
 * every activity that takes tag ids makes.
 */
export async function requireTags(
  tx: Tx,
  organizationId: string,
  kind: TagKind,
  ids: string[],
  field?: string,
): Promise<TagRow[]> {
  const found = await findTags(tx, organizationId, kind, ids);
  const missing = ids.filter((id) => !found.some((row) => row.id === id));
  if (missing.length > 0) throw tagsNotFound(kind, missing, field);
  return ids.map((id) => found.find((row) => row.id === id)!);
}

const notFoundReason = (kind: TagKind) => `${kind.noun.toUpperCase().replace(/ /g, "_")}_NOT_FOUND`;

/**
 * Names are unique per organization and kind. The table has no unique index for it, so concurrent
 * activities naming tags of one organization take this transaction-scoped lock first and the check
 * below cannot race.
 */
export async function lockTagNames(tx: Tx, organizationId: string, kind: TagKind) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`tags:${organizationId}:${kind.tagType}`}, 0))`,
  );
}

export async function requireFreeName(
  tx: Tx,
  organizationId: string,
  kind: TagKind,
  name: string,
  exceptTagId?: string,
) {
  const [taken] = await tx
    .select({ id: tags.id })
    .from(tags)
    .where(
      and(
        eq(tags.organizationId, organizationId),
        eq(tags.tagType, kind.tagType),
        eq(tags.name, name),
        exceptTagId ? ne(tags.id, exceptTagId) : undefined,
      ),
    );
  if (taken) {
    throw new ApiError(
      "ALREADY_EXISTS",
      "TAG_NAME_EXISTS",
      `a ${kind.noun} named ${JSON.stringify(name)} already exists in organization ${organizationId} (${taken.id})`,
    );
  }
}
