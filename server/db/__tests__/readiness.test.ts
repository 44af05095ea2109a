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

/** A count read that answers what it is told to, and says how many times it was asked. */
function countedReads(answers: (number | Error)[]) {
  let asked = 0;
  return {
    asked: () => asked,
    applied: {
      count: async () => {
        const answer = answers[asked++];
        if (answer instanceof Error) throw answer;
        return answer ?? 0;
      },
      close: async () => undefined,
    },
  };
}

describe("the readiness check behind /healthz", () => {
  it("reads the database at every check, against the migrations this code ships", async () => {
    const reads = countedReads([shipped, shipped - 1]);
    const check = readinessCheck(migrationsDir(), reads.applied);
    expect(await check()).toEqual({ database: true, migrations: { applied: shipped, expected: shipped } });
    // A migration row removed since (or not yet applied) shows at the next check: nothing is kept.
    expect((await check()).migrations).toEqual({ applied: shipped - 1, expected: shipped });
    expect(reads.asked()).toBe(2);
  });

  it("fails with the reading's own error, and reads afresh at the next check", async () => {
    const reads = countedReads([new Error("connect ECONNREFUSED 127.0.0.1:5432"), shipped]);
    const check = readinessCheck(migrationsDir(), reads.applied);
    await expect(check()).rejects.toThrow("connect ECONNREFUSED 127.0.0.1:5432");
    expect((await check()).database).toBe(true);
  });
});
