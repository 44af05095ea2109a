import { sql } from "drizzle-orm";
import type { AppContext } from "../context";

const TABLES = ["organizations", "users", "api_keys", "authenticators", "tags", "activities", "votes"];

/**
 * A digest of every row of every table: equal digests before and after a request prove the
 * request wrote nothing (no insert, no update, no delete), which row counts alone would not.
 */
export async function databaseDigest(app: AppContext): Promise<Record<string, string>> {
  const digest: Record<string, string> = {};
  for (const table of TABLES) {
    const result = await app.db.execute(
      sql.raw(`select count(*)::text as n, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as h
               from ${table} t`),
    );
    const row = (result as unknown as { rows: { n: string; h: string }[] }).rows[0]!;
    digest[table] = `${row.n}:${row.h}`;
  }
  return digest;
}
