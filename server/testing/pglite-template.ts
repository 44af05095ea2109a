import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { migrationsDir } from "../db/open";

/**
 * An empty, fully migrated PGlite data directory, dumped once per set of migrations and kept in
 * the OS temp directory. A fresh in-memory PGlite runs initdb and then every migration: 2–5 s per
 * test app on a busy two-core machine, against about 0.5 s to load this dump. The suite starts
 * hundreds of apps in several worker processes, and `vitest` several times, so the dump lives on
 * disk, not only in memory. Its name carries a hash of the PGlite version and every migration file, so a new or
 * edited migration makes a new template; migrations still run after loading (a no-op when current).
 */
let cached: Promise<Blob> | undefined;

export function pgliteTemplate(): Promise<Blob> {
  cached ??= loadOrMake().catch((error) => {
    cached = undefined;
    throw error;
  });
  return cached;
}

async function loadOrMake(): Promise<Blob> {
  const file = path.join(os.tmpdir(), `latchkey-pglite-template-${templateKey()}.tar`);
  if (fs.existsSync(file)) return new Blob([fs.readFileSync(file)]);
  const dump = await makeTemplate();
  // Written beside its final name and renamed: test files starting at once never read half a file.
  const partial = `${file}.${randomBytes(4).toString("hex")}.partial`;
  fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(partial, file);
  return dump;
}

async function makeTemplate(): Promise<Blob> {
  const client = await migratedPglite();
  try {
    return await client.dumpDataDir("none");
  } finally {
    await client.close();
  }
}

/** A new PGlite (in memory, or in `dataDir`) with every migration applied; the caller closes it. */
export async function migratedPglite(dataDir?: string) {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const client = new PGlite(dataDir);
  try {
    await migrate(drizzle(client) as never, { migrationsFolder: migrationsDir() });
    return client;
  } catch (error) {
    await client.close();
    throw error;
  }
}

/** A hash of the PGlite version and every migration file: a new or edited migration makes a new template. */
export function templateKey(): string {
  const hash = createHash("sha256");
  hash.update(`pglite ${pgliteVersion()}\n`);
  const folder = migrationsDir();
  for (const name of fs.readdirSync(folder, { recursive: true }).map(String).sort()) {
    const file = path.join(folder, name);
    if (fs.statSync(file).isFile()) hash.update(name).update(fs.readFileSync(file));
  }
  return hash.digest("hex").slice(0, 16);
}

/** The installed PGlite's version (its package.json is not among the package's exports). */
function pgliteVersion(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
  while (dir !== path.dirname(dir)) {
    const manifest = path.join(dir, "package.json");
    if (fs.existsSync(manifest)) {
      const { name, version } = JSON.parse(fs.readFileSync(manifest, "utf8")) as Record<string, string>;
      if (name === "@electric-sql/pglite") return version ?? "unknown";
    }
    dir = path.dirname(dir);
  }
  return "unknown";
}
