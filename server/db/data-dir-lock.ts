import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export class DataDirLockedError extends Error {}

interface LockOwner {
  pid: number;
  host: string;
  command: string;
  since: string;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * PGlite must never be opened by two processes at once (each would silently see its own copy).
 * Take `<dataDir>/latchkey.lock` with O_EXCL; a lock left by a dead process on this host is taken over.
 */
export function lockDataDir(dataDir: string): { release(): void } {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "latchkey.lock");
  const me: LockOwner = {
    pid: process.pid,
    host: os.hostname(),
    command: process.argv.slice(1).join(" ").slice(0, 200),
    since: new Date().toISOString(),
  };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify(me), { flag: "wx", mode: 0o600 });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          const owner = JSON.parse(fs.readFileSync(file, "utf8")) as LockOwner;
          if (owner.pid === me.pid) fs.unlinkSync(file);
        } catch {
          // already gone
        }
      };
      process.once("exit", release);
      return { release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      let owner: LockOwner | undefined;
      try {
        owner = JSON.parse(fs.readFileSync(file, "utf8")) as LockOwner;
      } catch {
        owner = undefined;
      }
      const stale = owner && owner.host === me.host && !isAlive(owner.pid);
      if (!owner || stale) {
        fs.rmSync(file, { force: true });
        continue;
      }
      throw new DataDirLockedError(
        `the data directory ${dataDir} is in use by process ${owner.pid} on ${owner.host} ` +
          `("${owner.command}", since ${owner.since}). PGlite allows one process per data directory: ` +
          `stop that process, or point LATCHKEY_DATA_DIR elsewhere, or use DATABASE_URL for PostgreSQL.`,
      );
    }
  }
  throw new DataDirLockedError(`could not take the lock ${file}`);
}
