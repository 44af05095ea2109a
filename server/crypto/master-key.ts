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
  /**
   * Keys this installation used before or is moving to, still accepted for unwrapping: from
   * LATCHKEY_PREVIOUS_MASTER_KEYS, and for the key file the `.previous` / `.next` files a rotation
   * leaves (so a rotation interrupted at any point loses nothing).
   */
  others: Buffer[];
  /** "env" when LATCHKEY_MASTER_KEY is set; otherwise the path of the key file. */
  source: string;
  createdNow: boolean;
}

/**
 * The master key wraps every data key that encrypts key material at rest. Production supplies it
 * through LATCHKEY_MASTER_KEY; the embedded default keeps it in a 0600 file beside the database,
 * which protects nothing against someone who copies the whole data directory.
 */
export function loadMasterKey(
  raw: string | undefined,
  dataDir: string,
  previous: string | undefined = undefined,
): LoadedMasterKey {
  const others = (previous ?? "")
    .split(",")
    .map((k) => k.trim())
    .filter(Boolean)
    .map(parseMasterKey);
  if (raw) return { key: parseMasterKey(raw), others, source: "env", createdNow: false };
  const file = masterKeyFile(dataDir);
  fs.mkdirSync(dataDir, { recursive: true });
  let createdNow = false;
  try {
    fs.writeFileSync(file, randomBytes(32).toString("hex"), { flag: "wx", mode: 0o600 });
    createdNow = true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  for (const extra of [`${file}.previous`, `${file}.next`]) {
    if (fs.existsSync(extra)) others.push(readKeyFile(extra));
  }
  return { key: readKeyFile(file), others, source: file, createdNow };
}

export function masterKeyFile(dataDir: string): string {
  return path.join(dataDir, "master.key");
}

export function readKeyFile(file: string): Buffer {
  const mode = fs.statSync(file).mode & 0o777;
  if (mode & 0o077)
    throw new MasterKeyError(`${file} must be readable by its owner only (chmod 600 ${file})`);
  return parseMasterKey(fs.readFileSync(file, "utf8"));
}
