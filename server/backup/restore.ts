import { sql } from "drizzle-orm";
import { masterKeyCheck } from "../crypto/master-key-derived";
import type { Database, Tx } from "../db/client";
import type { MasterKeyring } from "../signer/keyring";
import { rowsThatDoNotUnwrap, type SealedRowFromBackup } from "../signer/restore-check";
import { BackupError, type ParsedBackup, parseBackup } from "./format";
import { databaseSchemaLevel, describeLevel } from "./schema-level";
import { BACKED_UP_TABLES } from "./tables";

export interface RestoreTarget {
  db: Database;
  migrationsSchema: string;
  keyring: MasterKeyring;
}

const BATCH_ROWS = 500;

/**
 * Bring a backup into an empty installation, in one transaction. Every check — the file's
 * integrity, its schema level, the master key (each sealed row must unwrap), the installation being
 * empty — comes before the first write, so a refused restore leaves the installation as it was.
 */
export async function restoreSnapshot(target: RestoreTarget, text: string): Promise<Record<string, number>> {
  return restoreChecked(target, checkBackup(target.keyring, text));
}

/** The file's integrity and the master key, checked before any database is opened. */
export function checkBackup(keyring: MasterKeyring, text: string): ParsedBackup {
  const backup = parseBackup(text);
  checkMasterKey(keyring, backup);
  return backup;
}

/** Restores a backup `checkBackup` accepted. */
export async function restoreChecked(
  target: RestoreTarget,
  backup: ParsedBackup,
): Promise<Record<string, number>> {
  await checkSchemaLevel(target, backup);
  return target.db.transaction(async (tx) => {
    await refuseUnlessEmpty(tx);
    // A fresh installation that has started once holds its own server signing key; the backup's
    // replaces it, so clients that pinned the restored installation's key keep working.
    await tx.execute(sql`delete from sealed_secrets where kind = 'SERVER_SIGNING_KEY'`);
    const counts: Record<string, number> = {};
    for (const table of BACKED_UP_TABLES) {
      const rows = backup.rows.get(table) ?? [];
      for (let i = 0; i < rows.length; i += BATCH_ROWS) {
        const batch = `[${rows.slice(i, i + BATCH_ROWS).join(",")}]`;
        await tx.execute(
          sql`insert into ${sql.identifier(table)} select * from json_populate_recordset(null::${sql.identifier(table)}, ${batch}::json)`,
        );
      }
      counts[table] = rows.length;
    }
    return counts;
  });
}

async function checkSchemaLevel(target: RestoreTarget, backup: ParsedBackup): Promise<void> {
  const here = await databaseSchemaLevel(target.db, target.migrationsSchema);
  const there = backup.header.schema;
  if (there?.migrations !== here.migrations) {
    throw new BackupError(
      `the backup was made at schema level ${there ? describeLevel(there) : "unknown"}, this installation ` +
        `is at ${describeLevel(here)}: restore it with the Latchkey version that made it (then upgrade)`,
    );
  }
  const unknownTables = backup.header.tables.filter((t) => !BACKED_UP_TABLES.includes(t));
  if (unknownTables.length > 0)
    throw new BackupError(`the backup holds unknown tables: ${unknownTables.join(", ")}`);
}

function checkMasterKey(keyring: MasterKeyring, backup: ParsedBackup): void {
  const { masterKeyId, masterKeyCheck: check } = backup.header;
  const key = keyring.find(masterKeyId);
  if (!key || masterKeyCheck(key) !== check) {
    throw new BackupError(
      `wrong master key: the backup's key material is sealed under master key ${masterKeyId}, and this ` +
        `installation's is ${keyring.currentId}. Set LATCHKEY_MASTER_KEY (or put the original master.key ` +
        "in the data directory) to the key the backed-up installation used. Nothing was written.",
    );
  }
  const sealed = (backup.rows.get("sealed_secrets") ?? []).map((json) => {
    const r = JSON.parse(json) as Record<string, unknown>;
    return {
      id: r.id,
      organizationId: r.organization_id,
      kind: r.kind,
      ciphertext: r.ciphertext,
      wrappedDataKey: r.wrapped_data_key,
      masterKeyId: r.master_key_id,
      version: r.version,
    } as SealedRowFromBackup;
  });
  const broken = rowsThatDoNotUnwrap(keyring, sealed);
  if (broken.length > 0) {
    throw new BackupError(
      `${broken.length} sealed record(s) of the backup do not unwrap under the master keys given ` +
        `(first: ${broken[0]}); add the key that wrapped them to LATCHKEY_PREVIOUS_MASTER_KEYS. Nothing was written.`,
    );
  }
}

/** Refuses, naming what is there, unless every backed-up table is empty (but for the server's own key). */
async function refuseUnlessEmpty(tx: Tx): Promise<void> {
  const found: string[] = [];
  for (const table of BACKED_UP_TABLES) {
    const own = table === "sealed_secrets" ? sql.raw(" where kind <> 'SERVER_SIGNING_KEY'") : sql.raw("");
    const result = await tx.execute(sql`select count(*)::int as n from ${sql.identifier(table)}${own}`);
    const n = Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
    if (n > 0) found.push(`${n} ${table}`);
  }
  if (found.length === 0) return;
  const orgs = await tx.execute(sql`select name from organizations order by created_at limit 3`);
  const names = (orgs as unknown as { rows: { name: string }[] }).rows.map((r) => JSON.stringify(r.name));
  throw new BackupError(
    `restore needs an empty installation, and this one holds ${found.join(", ")}` +
      (names.length ? ` (organizations: ${names.join(", ")})` : "") +
      ". Restore into a new data directory or database. Nothing was written.",
  );
}
