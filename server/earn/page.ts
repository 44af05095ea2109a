import type { TPagination } from "@/lib/api/common";
import { invalid } from "../errors";

/**
 * A page of an already sorted list, by the cursor of its items (a vault address, compared without
 * case): `after` = the items that follow that one, `before` = those that precede it, `limit` 1..100
 * (default 10) taken nearest the cursor. An unknown cursor is a 400 naming the field.
 */
export function pageByCursor<T>(items: T[], cursorOf: (item: T) => string, options: TPagination) {
  const limit = options?.limit ? Number(options.limit) : 10;
  const indexOf = (field: "after" | "before", cursor: string) => {
    const i = items.findIndex((item) => cursorOf(item).toLowerCase() === cursor.toLowerCase());
    if (i < 0) throw invalid(`${cursor} is not in this list`, `paginationOptions.${field}`);
    return i;
  };
  let start = options?.after !== undefined ? indexOf("after", options.after) + 1 : 0;
  let end = options?.before !== undefined ? indexOf("before", options.before) : items.length;
  if (end < start) end = start;
  // Only `before`: the page that ends at the cursor.
  if (options?.before !== undefined && options?.after === undefined) start = Math.max(start, end - limit);
  else end = Math.min(end, start + limit);
  const shown = items.slice(start, end);
  return {
    items: shown,
    pageInfo: {
      hasNextPage: end < items.length,
      hasPreviousPage: start > 0,
      ...(shown.length ? { startCursor: cursorOf(shown[0]!), endCursor: cursorOf(shown.at(-1)!) } : {}),
    },
  };
}
