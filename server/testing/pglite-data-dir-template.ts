import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { migratedPglite, templateKey } from "./pglite-template";

let cached: Promise<string> | undefined;

/**
 * A fully migrated, empty PGlite data directory on disk, made once per set of migrations and kept
 * in the OS temp directory: a started server's data directory begins as a copy of it. A fresh
 * directory costs the server (and `latchkey org create` before it) 4–5 s of initdb and migrations on
 * a busy two-core machine; a copy costs about 0.1 s, and the started server still runs its migrations
 * (a no-op when current). It holds nothing but the migrations' work: what a server writes on its
 * first start (its signing key, sealed under its own master key) is never in it.
 */
export function pgliteDataDirTemplate(): Promise<string> {
  cached ??= findOrMake().catch((error) => {
    cached = undefined;
    throw error;
  });
  return cached;
}

/** Copy the template into `<dataDir>/pglite`, where `latchkey start` opens its database. */
export async function seedPgliteDataDir(dataDir: string): Promise<void> {
  fs.cpSync(await pgliteDataDirTemplate(), path.join(dataDir, "pglite"), { recursive: true });
}

async function findOrMake(): Promise<string> {
  const dir = path.join(os.tmpdir(), `latchkey-pglite-datadir-${templateKey()}`);
  if (fs.existsSync(dir)) return dir;
  // Made beside its final name and renamed: servers starting at once never copy half a directory.
  const partial = `${dir}.${randomBytes(4).toString("hex")}.partial`;
  await (await migratedPglite(partial)).close();
  try {
    fs.renameSync(partial, dir);
  } catch (error) {
    // Another process finished first: its directory is as good as ours.
    fs.rmSync(partial, { recursive: true, force: true });
    if (!fs.existsSync(dir)) throw error;
  }
  return dir;
}
