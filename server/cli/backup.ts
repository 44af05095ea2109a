import fs from "node:fs";
import path from "node:path";
import { BackupError, parseBackup } from "../backup/format";
import { checkBackup, restoreChecked } from "../backup/restore";
import { takeSnapshot } from "../backup/snapshot";
import { type Config, loadConfig } from "../config";
import { masterKeyFile, parseMasterKey, readKeyFile } from "../crypto/master-key";
import { backupToken } from "../crypto/master-key-derived";
import { DataDirLockedError } from "../db/data-dir-lock";
import { openDatabase } from "../db/open";
import { createKeyring, type MasterKeyring } from "../signer/keyring";

type Env = Record<string, string | undefined>;

/**
 * `latchkey backup <file> [--url <server>]`. PostgreSQL: read directly, in one REPEATABLE READ
 * transaction. PGlite: open the data directory directly when no server holds it; while a server
 * does (its lock file), ask that server for the snapshot (POST /api/admin/backup at --url,
 * LATCHKEY_URL or http://localhost:$PORT), proving the master key with a token derived from it.
 */
export async function backupCommand(file: string, url: string | undefined, env: Env = process.env) {
  const config = loadConfig(env);
  const keyring = existingKeyring(config);
  let text: string;
  let via: "database" | "server" = "database";
  try {
    text = await snapshotDirectly(config, keyring);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    via = "server";
    text = await snapshotThroughServer(
      url ?? env.LATCHKEY_URL ?? `http://localhost:${config.port}`,
      keyring,
      error,
    );
  }
  const { rows } = parseBackup(text); // what the server sent is checked like any backup
  const partial = `${file}.partial`;
  fs.writeFileSync(partial, text, { mode: 0o600 });
  fs.renameSync(partial, file);
  const counts = Object.fromEntries([...rows].map(([table, list]) => [table, list.length]));
  return { file, bytes: Buffer.byteLength(text), via, rows: counts };
}

/** `latchkey restore <file>`: into an empty installation only; every check before the first write. */
export async function restoreCommand(file: string, env: Env = process.env) {
  const config = loadConfig(env);
  if (!fs.existsSync(file)) throw new BackupError(`no such backup file: ${file}`);
  const keyring = existingKeyring(config);
  const backup = checkBackup(keyring, fs.readFileSync(file, "utf8"));
  const opened = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const rows = await restoreChecked({ ...opened, keyring }, backup);
    return { file, restoredFrom: backup.header.createdAt, rows };
  } finally {
    await opened.close();
  }
}

async function snapshotDirectly(config: Config, keyring: MasterKeyring): Promise<string> {
  if (!config.databaseUrl && !fs.existsSync(path.join(config.dataDir, "pglite"))) {
    throw new BackupError(
      `no Latchkey installation in ${config.dataDir} (set LATCHKEY_DATA_DIR or DATABASE_URL)`,
    );
  }
  const opened = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    return await takeSnapshot({ ...opened, keyring }, new Date());
  } finally {
    await opened.close();
  }
}

async function snapshotThroughServer(url: string, keyring: MasterKeyring, locked: Error): Promise<string> {
  const endpoint = new URL("/api/admin/backup", url);
  let response: Response;
  try {
    response = await fetch(endpoint, {
      method: "POST",
      headers: { authorization: `Bearer ${backupToken(keyring.current)}` },
    });
  } catch (error) {
    throw new BackupError(
      `${locked.message}\nThe server holding it did not answer at ${endpoint} (${(error as Error).message}): ` +
        "pass --url <the server's address>, or stop the server and run the backup again.",
    );
  }
  const text = await response.text();
  if (!response.ok) {
    throw new BackupError(
      `the server at ${endpoint} refused the backup (${response.status}): ${text.slice(0, 300)}`,
    );
  }
  return text;
}

/**
 * The master keys the backed-up or restoring installation uses. Unlike the server, the CLI never
 * creates a key file: a restore under a new random key could only fail.
 */
function existingKeyring(config: Config): MasterKeyring {
  const others = (config.previousMasterKeys ?? "")
    .split(",")
    .map((k) => k.trim())
    .filter(Boolean)
    .map(parseMasterKey);
  if (config.masterKey) return createKeyring(parseMasterKey(config.masterKey), others);
  const file = masterKeyFile(config.dataDir);
  if (!fs.existsSync(file)) {
    throw new BackupError(
      `no master key: LATCHKEY_MASTER_KEY is not set and ${file} does not exist. Set LATCHKEY_MASTER_KEY, ` +
        "or copy the backed-up installation's master.key there (mode 0600).",
    );
  }
  return createKeyring(readKeyFile(file), others);
}
