import { createHash } from "node:crypto";
import type { SchemaLevel } from "./schema-level";

/**
 * A backup is JSON lines: a header, one line per row (`{"table":…,"row":…}`, the row exactly as
 * PostgreSQL's row_to_json wrote it — never re-serialized by JavaScript, so 64-bit integers and
 * jsonb survive unchanged), and a trailer with the row counts and the SHA-256 of every line before
 * it, so a truncated or edited file is refused before anything is written.
 */
export const BACKUP_FORMAT = "latchkey-backup";
export const BACKUP_VERSION = 1;

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  driver: "pglite" | "postgres";
  schema: SchemaLevel;
  /** Which master key sealed the key material (the short id stored beside each wrap) and its check value. */
  masterKeyId: string;
  masterKeyCheck: string;
  tables: string[];
  notIncluded: string[];
}

export interface BackupTrailer {
  end: true;
  rows: Record<string, number>;
  sha256: string;
}

export class BackupError extends Error {}

const ROW_LINE = /^\{"table":"([a-z_]+)","row":(\{.*\})\}$/s;

export function rowLine(table: string, rowJson: string): string {
  return `{"table":"${table}","row":${rowJson}}`;
}

export function trailerLine(lines: string[], rows: Record<string, number>): string {
  const trailer: BackupTrailer = { end: true, rows, sha256: digest(lines) };
  return JSON.stringify(trailer);
}

function digest(lines: string[]): string {
  const hash = createHash("sha256");
  for (const line of lines) hash.update(line).update("\n");
  return hash.digest("hex");
}

export interface ParsedBackup {
  header: BackupHeader;
  /** Per table, the rows' JSON text in file order. */
  rows: Map<string, string[]>;
}

/** Checks the whole file's shape and integrity; throws a BackupError naming what is wrong. */
export function parseBackup(text: string): ParsedBackup {
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  const header = parseJsonLine(lines[0], "the first line (header)") as Partial<BackupHeader>;
  if (header.format !== BACKUP_FORMAT) throw new BackupError("this file is not a Latchkey backup");
  if (header.version !== BACKUP_VERSION) {
    throw new BackupError(
      `backup format version ${header.version} is not supported (this Latchkey reads version ${BACKUP_VERSION})`,
    );
  }
  const trailer = parseJsonLine(lines.at(-1), "the last line (trailer)") as Partial<BackupTrailer>;
  if (lines.length < 2 || trailer.end !== true) {
    throw new BackupError("the backup is incomplete: its last line is not the trailer (truncated file?)");
  }
  const body = lines.slice(0, -1);
  if (digest(body) !== trailer.sha256) {
    throw new BackupError("the backup's checksum does not match its content (damaged or edited file)");
  }
  const tables = header.tables ?? [];
  const rows = new Map<string, string[]>(tables.map((t) => [t, []]));
  for (let i = 1; i < body.length; i++) {
    const match = ROW_LINE.exec(body[i]!);
    const list = match && rows.get(match[1]!);
    if (!match || !list) throw new BackupError(`line ${i + 1} is not a row of a table the header lists`);
    list.push(match[2]!);
  }
  for (const table of tables) {
    if ((trailer.rows?.[table] ?? 0) !== rows.get(table)!.length) {
      throw new BackupError(`the trailer's row count for ${table} does not match the rows in the file`);
    }
  }
  return { header: header as BackupHeader, rows };
}

function parseJsonLine(line: string | undefined, what: string): Record<string, unknown> {
  try {
    const value = JSON.parse(line ?? "");
    if (value && typeof value === "object" && !Array.isArray(value)) return value;
  } catch {
    // reported below
  }
  throw new BackupError(`${what} is not a JSON object: this file is not a Latchkey backup, or is damaged`);
}
