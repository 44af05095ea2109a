import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { migrationsDir } from "../db/open";

/** How far a database's schema has been migrated: the count of applied migrations and the last one's tag. */
export interface SchemaLevel {
  migrations: number;
  latest: string;
}

function journalTags(): string[] {
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsDir(), "meta", "_journal.json"), "utf8"),
  ) as {
    entries: { tag: string }[];
  };
  return journal.entries.map((e) => e.tag);
}

/** The level this version of Latchkey migrates every database to. */
export function codeSchemaLevel(): SchemaLevel {
  const tags = journalTags();
  return { migrations: tags.length, latest: tags.at(-1) ?? "" };
}

/** The level the database really is at (read inside the caller's transaction, for a snapshot). */
export async function databaseSchemaLevel(db: DbOrTx, migrationsSchema: string): Promise<SchemaLevel> {
  const result = await db.execute(
    sql`select count(*)::int as applied from ${sql.identifier(migrationsSchema)}.__drizzle_migrations`,
  );
  const applied = Number((result as unknown as { rows: { applied: number }[] }).rows[0]?.applied ?? 0);
  return { migrations: applied, latest: journalTags()[applied - 1] ?? `unknown (${applied} applied)` };
}

export function describeLevel(level: SchemaLevel): string {
  return `${level.migrations} (${level.latest})`;
}
