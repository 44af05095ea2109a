import { and, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../db/client";
import { privateKeys, users } from "../db/schema";

/**
 * What a tag kind is attached to: users (user tags) or private keys (private key tags). Both
 * carry the tag ids in a `tag_ids` array, changed in place so no row is read and rewritten whole.
 */
export interface TagTargets {
  /** The thing tagged, as error messages name it: "user", "private key". */
  noun: string;
  /** Those of `ids` that are not live rows of the organization. */
  missing(tx: Tx, organizationId: string, ids: string[]): Promise<string[]>;
  /** Add the tag to the rows that do not carry it yet. */
  attach(tx: Tx, organizationId: string, tagId: string, ids: string[], now: Date): Promise<void>;
  /** Remove the tag from the rows carrying it (only from `ids` when given); returns the rows changed. */
  detach(tx: Tx, organizationId: string, tagId: string, now: Date, ids?: string[]): Promise<string[]>;
  /** Remove every one of `tagIds` from every row, in one statement; returns the rows changed. */
  detachAll(tx: Tx, organizationId: string, tagIds: string[], now: Date): Promise<string[]>;
}

type Taggable = typeof users | typeof privateKeys;

function targetsIn(table: Taggable, noun: string, live?: SQL): TagTargets {
  return {
    noun,
    async missing(tx, organizationId, ids) {
      if (ids.length === 0) return [];
      const found = await tx
        .select({ id: table.id })
        .from(table)
        .where(and(eq(table.organizationId, organizationId), inArray(table.id, ids), live));
      const present = new Set(found.map((f) => f.id));
      return ids.filter((id) => !present.has(id));
    },
    async attach(tx, organizationId, tagId, ids, now) {
      if (ids.length === 0) return;
      await tx
        .update(table)
        .set({ tagIds: sql`array_append(${table.tagIds}, ${tagId}::text)`, updatedAt: now })
        .where(
          and(
            eq(table.organizationId, organizationId),
            inArray(table.id, ids),
            sql`not (${tagId}::text = any(${table.tagIds}))`,
          ),
        );
    },
    async detach(tx, organizationId, tagId, now, ids) {
      if (ids && ids.length === 0) return [];
      const changed = await tx
        .update(table)
        .set({ tagIds: sql`array_remove(${table.tagIds}, ${tagId}::text)`, updatedAt: now })
        .where(
          and(
            eq(table.organizationId, organizationId),
            sql`${tagId}::text = any(${table.tagIds})`,
            ids ? inArray(table.id, ids) : undefined,
          ),
        )
        .returning({ id: table.id });
      return changed.map((c) => c.id);
    },
    async detachAll(tx, organizationId, tagIds, now) {
      if (tagIds.length === 0) return [];
      const gone = sql`${sql.param(tagIds)}::text[]`;
      // Keeps the remaining tags in their order, as array_remove does one tag at a time.
      const changed = await tx
        .update(table)
        .set({
          tagIds: sql`array(select tag from unnest(${table.tagIds}) with ordinality as kept(tag, n) where tag <> all(${gone}) order by n)`,
          updatedAt: now,
        })
        .where(and(eq(table.organizationId, organizationId), sql`${table.tagIds} && ${gone}`))
        .returning({ id: table.id });
      return changed.map((c) => c.id);
    },
  };
}

/** Deleted users keep their row (for the audit trail) but cannot be tagged any more. */
export const userTargets = targetsIn(users, "user", isNull(users.deletedAt));
export const privateKeyTargets = targetsIn(privateKeys, "private key");
