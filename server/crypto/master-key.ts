import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export class MasterKeyError extends Error {}

export function parseMasterKey(raw: string): Buffer {
  const text = raw.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, "hex") : Buffer.from(text, "base64");
  if (key.length !== 32) {
    throw new MasterKeyError("LATCHKEY_MASTER_KEY must be 32 bytes, as 64 hex characters or base64");
  }
  return key;
}

export interface LoadedMasterKey {
  key: Buffer;
  /** "env" when LATCHKEY_MASTER_KEY is set; otherwise the path of the key file. */
  source: string;
  createdNow: boolean;
}

/**
 * The master key wraps every data key that encrypts key material at rest. Production supplies it
 * through LATCHKEY_MASTER_KEY; the embedded default keeps it in a 0600 file beside the database,
 * which protects nothing against someone who copies the whole data directory.
 */
export function loadMasterKey(raw: string | undefined, dataDir: string): LoadedMasterKey {
  if (raw) return { key: parseMasterKey(raw), source: "env", createdNow: false };
  const file = path.join(dataDir, "master.key");
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, randomBytes(32).toString("hex"), { flag: "wx", mode: 0o600 });
    return { key: parseMasterKey(fs.readFileSync(file, "utf8")), source: file, createdNow: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const mode = fs.statSync(file).mode & 0o777;
  if (mode & 0o077)
    throw new MasterKeyError(`${file} must be readable by its owner only (chmod 600 ${file})`);
  return { key: parseMasterKey(fs.readFileSync(file, "utf8")), source: file, createdNow: false };
}
