import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { migrationsDir } from "../open";
import { readinessCheck } from "../readiness";

const shipped = (
  JSON.parse(fs.readFileSync(path.join(migrationsDir(), "meta", "_journal.json"), "utf8")) as {
    entries: unknown[];
  }
).entries.length;

/** A count read that answers when told to, and says how many times it was asked. */
function heldCount() {
  const waiting: { resolve(n: number): void; reject(e: Error): void }[] = [];
  return {
    asked: () => waiting.length,
    answer: (n: number) => waiting.shift()?.resolve(n),
    fail: (message: string) => waiting.shift()?.reject(new Error(message)),
    applied: {
      count: () => new Promise<number>((resolve, reject) => waiting.push({ resolve, reject })),
      close: async () => undefined,
    },
  };
}

describe("the readiness check behind /healthz", () => {
  it("answers checks that arrive while one is in flight with that one's reading", async () => {
    const held = heldCount();
    const check = readinessCheck(migrationsDir(), held.applied);
    const together = [check(), check(), check()];
    await Promise.resolve();
    expect(held.asked()).toBe(1);
    held.answer(shipped);
    for (const reading of await Promise.all(together)) {
      expect(reading).toEqual({ database: true, migrations: { applied: shipped, expected: shipped } });
    }
    // The next check reads again: a reading is shared only while it is being taken, never kept.
    const later = check();
    await Promise.resolve();
    expect(held.asked()).toBe(1);
    held.answer(shipped - 1);
    expect((await later).migrations).toEqual({ applied: shipped - 1, expected: shipped });
  });

  it("fails every check sharing a failed reading, and reads afresh at the next", async () => {
    const held = heldCount();
    const check = readinessCheck(migrationsDir(), held.applied);
    const together = [check(), check()];
    await Promise.resolve();
    held.fail("connect ECONNREFUSED 127.0.0.1:5432");
    for (const outcome of await Promise.allSettled(together)) {
      expect(outcome).toMatchObject({
        status: "rejected",
        reason: { message: "connect ECONNREFUSED 127.0.0.1:5432" },
      });
    }
    const again = check();
    await Promise.resolve();
    expect(held.asked()).toBe(1);
    held.answer(shipped);
    expect((await again).database).toBe(true);
  });
});
