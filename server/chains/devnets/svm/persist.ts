import fs from "node:fs";
import type { SavedLedger } from "./ledger";

/*
 * One file holds a devnet's whole state, so it is replaced in one rename and can never be half old,
 * half new: a magic line, the JSON part's length (u32, big-endian), the JSON part (slot clock and
 * transaction records), then litesvm's own snapshot (accounts, sysvars, its transaction history).
 */
const MAGIC = Buffer.from("latchkey-svm-state v1\n");

export function writeLedgerFile(file: string, saved: SavedLedger): void {
  const json = Buffer.from(JSON.stringify({ clock: saved.clock, records: saved.records }));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(json.length);
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, Buffer.concat([MAGIC, length, json, saved.svm]));
  fs.renameSync(temporary, file);
}

/** The saved state, or undefined when there is none yet; a file that is not ours is an error, never ignored. */
export function readLedgerFile(file: string): SavedLedger | undefined {
  if (!fs.existsSync(file)) return undefined;
  const bytes = fs.readFileSync(file);
  if (!bytes.subarray(0, MAGIC.length).equals(MAGIC))
    throw new Error(`${file} is not a Latchkey SVM state file`);
  const length = bytes.readUInt32BE(MAGIC.length);
  const start = MAGIC.length + 4;
  const json = JSON.parse(bytes.subarray(start, start + length).toString("utf8"));
  return { clock: json.clock, records: json.records, svm: new Uint8Array(bytes.subarray(start + length)) };
}
