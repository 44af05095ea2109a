import { and, asc, desc, gt, lt, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { TPagination } from "@/lib/api/common";

/**
 * Cursor pagination over time-ordered (UUIDv7) ids: `after` = created after that id, `before` =
 * created before it. `limit` 1..100, default 10. Returns the extra WHERE clause and the order.
 */
export function pageOf(
  column: PgColumn,
  options: TPagination,
  direction: "newest-first" | "oldest-first",
): { where: SQL | undefined; orderBy: SQL; limit: number; reverse: boolean } {
  const limit = options?.limit ? Number(options.limit) : 10;
  const bounds = [
    options?.after ? gt(column, options.after) : undefined,
    options?.before ? lt(column, options.before) : undefined,
  ].filter(Boolean) as SQL[];
  // Take the page nearest the cursor: with only `before` in oldest-first order, read backwards then flip.
  const backwards =
    (direction === "oldest-first" && !!options?.before && !options?.after) ||
    (direction === "newest-first" && !!options?.after && !options?.before);
  const ascending = (direction === "oldest-first") !== backwards;
  return {
    where: bounds.length ? and(...bounds) : undefined,
    orderBy: ascending ? asc(column) : desc(column),
    limit,
    reverse: backwards,
  };
}
