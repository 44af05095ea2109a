import { getTableColumns, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";

/**
 * SQL for statements built once and run many times (prebuilt.ts): every value a placeholder,
 * encoded as its column encodes it (JSON for jsonb, an array literal for arrays, ISO text for
 * timestamps) and cast to the column's type, since an untyped parameter in a VALUES list is text.
 */
export function typedPlaceholder(name: string, column: PgColumn): SQL {
  return sql`cast(${sql.param(sql.placeholder(name), column)} as ${sql.raw(column.getSQLType())})`;
}

/**
 * `(insert into <table> (<columns of keys>) values (…))`, each value the placeholder `<prefix><key>`;
 * with `returning`, the statement returns that column of the row it inserted.
 */
export function placeholderInsert(
  table: PgTable,
  keys: readonly string[],
  prefix: string,
  returning?: PgColumn,
): SQL {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const column = (key: string) => {
    const found = columns[key];
    if (!found) throw new Error(`placeholderInsert: no column ${key}`);
    return found;
  };
  const names = keys.map((key) => sql.identifier(column(key).name));
  const values = keys.map((key) => typedPlaceholder(`${prefix}${key}`, column(key)));
  const returned = returning ? sql` returning ${sql.identifier(returning.name)}` : sql``;
  return sql`(insert into ${table} (${sql.join(names, sql`, `)}) values (${sql.join(values, sql`, `)})${returned})`;
}
