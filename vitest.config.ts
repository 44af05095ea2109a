import fs from "node:fs";
import path from "node:path";
import { configDefaults, defineConfig } from "vitest/config";
import { databaseIndependentTests } from "./server/testing/database-independent-tests";

const root = import.meta.dirname;
const include = ["server/**/*.test.ts", "lib/**/*.test.ts", "e2e/api/**/*.test.ts"];

// CI's second pass, on PostgreSQL, runs only what the database can change (see the function).
const databaseDependentOnly = process.env.LATCHKEY_TESTS_DATABASE_DEPENDENT_ONLY === "1";
const exclude = databaseDependentOnly
  ? [...configDefaults.exclude, ...databaseIndependentTests(root, fs.globSync(include, { cwd: root }))]
  : configDefaults.exclude;

export default defineConfig({
  resolve: { alias: { "@": path.resolve(root) } },
  test: {
    include,
    exclude,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: "forks",
    maxWorkers: 2,
  },
});
