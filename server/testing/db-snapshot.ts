import { sql } from "drizzle-orm";
import type { AppContext } from "../context";

/** Every table of the application's schema (not the migrations bookkeeping), read from the catalog. */
async function tableNames(app: AppContext): Promise<string[]> {
  const result = await app.db.execute(
    sql.raw(`select table_name as name from information_schema.tables
             where table_schema = current_schema() and table_type = 'BASE TABLE'
               and table_name not like '%migrations%'
             order by table_name`),
  );
  return (result as unknown as { rows: { name: string }[] }).rows.map((r) => r.name);
}

/** Every request, refused or not, counts itself here: bookkeeping, not something it wrote. */
const COUNTERS = new Set(["rate_limit_buckets"]);

/**
 * A digest of every row of every table but the rate-limit counters: equal digests before and after
 * a request prove the request wrote nothing (no insert, no update, no delete), which row counts
 * alone would not.
 */
export async function databaseDigest(app: AppContext): Promise<Record<string, string>> {
  const digest: Record<string, string> = {};
  for (const table of (await tableNames(app)).filter((name) => !COUNTERS.has(name))) {
    const result = await app.db.execute(
      sql.raw(`select count(*)::text as n, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as h
               from "${table}" t`),
    );
    const row = (result as unknown as { rows: { n: string; h: string }[] }).rows[0]!;
    digest[table] = `${row.n}:${row.h}`;
  }
  return digest;
}

/** Every row of every table as text, as a dump would hold them. */
export async function databaseDump(app: AppContext): Promise<string> {
  const parts: string[] = [];
  for (const table of await tableNames(app)) {
    const result = await app.db.execute(sql.raw(`select t::text as row from "${table}" t`));
    for (const { row } of (result as unknown as { rows: { row: string }[] }).rows)
      parts.push(`${table}: ${row}`);
  }
  return parts.join("\n");
}
