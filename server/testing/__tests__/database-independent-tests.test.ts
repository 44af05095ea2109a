import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { databaseIndependentTests } from "../database-independent-tests";

function project(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "latchkey-classify-"));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
  return root;
}

describe("which tests CI's PostgreSQL pass may leave out", () => {
  it("keeps every test that reaches a database, DATABASE_URL or another process; leaves out the rest", () => {
    const root = project({
      "server/db/open.ts": "export const openDatabase = 1;",
      "server/math.ts": 'import { z } from "zod";\nexport const twice = (x: number) => 2 * x;',
      "server/store.ts": 'export { openDatabase } from "./db/open";',
      "server/a.ts": 'import { b } from "./b";\nexport const a = 1;',
      "server/b.ts": 'import { a } from "./a.js";\nexport const b = 2;',
      "pure.test.ts": 'import { twice } from "./server/math";\nimport { a } from "@/server/a";',
      "through-a-module.test.ts": 'import type { X } from "./server/math";\nimport "./server/store";',
      "driver.test.ts": 'import pg from "pg";',
      "pglite.test.ts": 'const { PGlite } = await import("@electric-sql/pglite");',
      "env.test.ts": "const url = process.env.DATABASE_URL;",
      "spawns.test.ts": 'import { spawn } from "node:child_process";',
      "unknown.test.ts": 'import { gone } from "./server/moved";',
    });
    const tests = fs.globSync("*.test.ts", { cwd: root }).sort();
    expect(databaseIndependentTests(root, tests)).toEqual(["pure.test.ts"]);
  });

  it("on this repository: the policy parser's tests may be left out; API tests and black-box tests never", () => {
    const root = path.resolve(import.meta.dirname, "../../..");
    const tests = [
      "server/policy/language/__tests__/parser.test.ts",
      "server/api/__tests__/fuzz.test.ts",
      ...fs.globSync("e2e/api/*.test.ts", { cwd: root }),
    ];
    expect(databaseIndependentTests(root, tests)).toEqual([
      "server/policy/language/__tests__/parser.test.ts",
    ]);
  });
});
