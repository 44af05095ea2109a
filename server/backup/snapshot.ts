import { sql } from "drizzle-orm";
import { masterKeyCheck } from "../crypto/master-key-derived";
import type { Database } from "../db/client";
import type { MasterKeyring } from "../signer/keyring";
import { BACKUP_FORMAT, BACKUP_VERSION, type BackupHeader, rowLine, trailerLine } from "./format";
import { databaseSchemaLevel } from "./schema-level";
import { BACKED_UP_TABLES, NOT_BACKED_UP } from "./tables";

export interface SnapshotSource {
  db: Database;
  driver: "pglite" | "postgres";
  migrationsSchema: string;
  keyring: MasterKeyring;
}

/**
 * A consistent snapshot of every Latchkey table: one read-only REPEATABLE READ transaction, so
 * every table is read as of the same instant while the server keeps writing (on PostgreSQL other
 * connections go on; on PGlite, whose one connection the server shares, requests wait for it).
 * Sealed key material is copied as it is stored: ciphertext wrapped by the master key.
 * The whole file is built in memory — fine for the sizes a self-hosted installation reaches.
 */
export async function takeSnapshot(source: SnapshotSource, now: Date): Promise<string> {
  return source.db.transaction(
    async (tx) => {
      const header: BackupHeader = {
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        createdAt: now.toISOString(),
        driver: source.driver,
        schema: await databaseSchemaLevel(tx, source.migrationsSchema),
        masterKeyId: source.keyring.currentId,
        masterKeyCheck: masterKeyCheck(source.keyring.current),
        tables: [...BACKED_UP_TABLES],
        notIncluded: [...Object.keys(NOT_BACKED_UP), "local devnet chain state (<data dir>/chains)"],
      };
      const lines = [JSON.stringify(header)];
      const counts: Record<string, number> = {};
      for (const table of BACKED_UP_TABLES) {
        // Parents before children for the self-referencing organizations; other tables in any order.
        const order = table === "organizations" ? sql.raw(" order by created_at, id") : sql.raw("");
        const result = await tx.execute(
          sql`select row_to_json(t)::text as j from ${sql.identifier(table)} t${order}`,
        );
        const rows = (result as unknown as { rows: { j: string }[] }).rows;
        for (const { j } of rows) lines.push(rowLine(table, j));
        counts[table] = rows.length;
      }
      lines.push(trailerLine(lines, counts));
      return `${lines.join("\n")}\n`;
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}
