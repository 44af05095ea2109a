import fs from "node:fs";
import os from "node:os";

/**
 * CPU time spent by processes, read from Linux's /proc: throughput on a shared machine moves with
 * whatever else runs, while the CPU a request costs each side (the server, PostgreSQL) does not.
 * Elsewhere (no /proc) every reading is undefined and the bench prints "-".
 */
const TICKS_PER_SECOND = 100; // USER_HZ: 100 on every Linux architecture Node.js runs on.

/** utime + stime of one process, ms; undefined when it cannot be read. */
function cpuMsOf(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces: the fields counted from after its closing paren.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/** The PostgreSQL server processes on this machine (the backends serving the bench among them). */
function postgresPids(): number[] {
  if (os.platform() !== "linux") return [];
  const pids: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, "utf8").trim() === "postgres") pids.push(Number(entry));
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return pids;
}

export interface CpuReading {
  server?: number;
  postgres?: number;
  /** Per process, so a backend that ended during the run is not counted negative. */
  postgresByPid: Map<number, number>;
}

export function readCpu(serverPid: number | undefined, withPostgres: boolean): CpuReading {
  const postgresByPid = new Map<number, number>();
  if (withPostgres) {
    for (const pid of postgresPids()) {
      const ms = cpuMsOf(pid);
      if (ms !== undefined) postgresByPid.set(pid, ms);
    }
  }
  return {
    server: serverPid === undefined ? undefined : cpuMsOf(serverPid),
    postgres: withPostgres && postgresByPid.size > 0 ? 0 : undefined,
    postgresByPid,
  };
}

/** CPU ms per request between two readings, for the server and for PostgreSQL's processes. */
export function cpuPerRequest(
  before: CpuReading,
  after: CpuReading,
  requests: number,
): { serverMs?: number; postgresMs?: number } {
  if (requests === 0) return {};
  const serverMs =
    before.server === undefined || after.server === undefined
      ? undefined
      : (after.server - before.server) / requests;
  let postgres: number | undefined;
  if (after.postgres !== undefined) {
    postgres = 0;
    for (const [pid, ms] of after.postgresByPid) postgres += ms - (before.postgresByPid.get(pid) ?? 0);
  }
  return { serverMs, postgresMs: postgres === undefined ? undefined : postgres / requests };
}
