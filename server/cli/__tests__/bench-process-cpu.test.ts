import os from "node:os";
import { describe, expect, it } from "vitest";
import { cpuPerRequest, readCpu } from "../bench/process-cpu";

describe("the bench's CPU time per request", () => {
  it.runIf(os.platform() === "linux")(
    "reads a process's CPU time as it grows, and divides it per request",
    () => {
      const before = readCpu(process.pid, false);
      expect(before.server).toBeGreaterThan(0);
      const started = process.cpuUsage();
      let spin = 0;
      while (process.cpuUsage(started).user < 200_000) spin++;
      const after = readCpu(process.pid, false);
      const spent = after.server! - before.server!;
      // /proc counts in 10 ms ticks: 200 ms of user time reads as at least 190.
      expect(spent).toBeGreaterThanOrEqual(190);
      expect(cpuPerRequest(before, after, 10).serverMs).toBeCloseTo(spent / 10, 5);
      expect(spin).toBeGreaterThan(0);
    },
  );

  it("says nothing of a process it cannot read, nor of PostgreSQL when not asked", () => {
    const gone = readCpu(2 ** 22 + 1, false);
    expect(gone.server).toBeUndefined();
    expect(gone.postgres).toBeUndefined();
    expect(cpuPerRequest(gone, gone, 5)).toEqual({ serverMs: undefined, postgresMs: undefined });
    expect(cpuPerRequest(gone, gone, 0)).toEqual({});
  });
});
