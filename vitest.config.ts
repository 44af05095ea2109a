import fs from "node:fs";
import path from "node:path";
import { configDefaults, defineConfig } from "vitest/config";
import { databaseIndependentTests } from "./server/testing/database-independent-tests";

const root = import.meta.dirname;
const include = ["server/**/*.test.ts", "lib/**/*.test.ts", "e2e/api/**/*.test.ts"];

// CI's second pass, on PostgreSQL, runs only what the database can change (see the function).
const databaseDependentOnly = process.env.LATCHKEY_TESTS_DATABASE_DEPENDENT_ONLY === "1";
// Files named *.postgres.test.ts test what only PostgreSQL has (its pool of connections, its wire
// protocol): without DATABASE_URL, on PGlite, there is nothing for them to test, so they are left out.
const postgresOnly = process.env.DATABASE_URL ? [] : ["**/*.postgres.test.ts"];
const exclude = [
  ...configDefaults.exclude,
  ...postgresOnly,
  ...(databaseDependentOnly ? databaseIndependentTests(root, fs.globSync(include, { cwd: root })) : []),
];

export default defineConfig({
  resolve: { alias: { "@": path.resolve(root) } },
  test: {
    include,
    exclude,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: "forks",
    maxWorkers: 2,
    // Each worker process runs its files one after another and loads the server's modules (viem,
    // Solana's kit, PGlite's WebAssembly…) once, not once per file: that loading was over a third of
    // the suite's CPU (the whole suite: 795 s → 447 s on PGlite, on two cores). Every file still
    // makes its own apps and databases (server/testing/harness.ts); what files now share is
    // module-level state, which the server already keeps safe for one process serving several
    // contexts (caches keyed by context, chain or key), and the one process-wide mark a test sets
    // (trustClientAddressHeader) is taken back by that test.
    isolate: false,
  },
});
