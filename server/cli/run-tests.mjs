#!/usr/bin/env node
// `npm test`: every check in order — lint, types, build, unit/integration/API tests (vitest),
// browser tests (Playwright) — then one summary line "tests: N passed, N failed, N skipped".
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");
const bin = (name) => path.join(root, "node_modules/.bin", name);
const results = path.join(root, ".test-results");
fs.rmSync(results, { recursive: true, force: true });
fs.mkdirSync(results, { recursive: true });

const only = process.argv.slice(2); // e.g. `npm test -- vitest` runs one stage
const stages = [
  ["lint", bin("biome"), ["check", "."]],
  ["types", bin("tsc"), ["--noEmit", "-p", "."]],
  ["build", bin("next"), ["build"]],
  [
    "vitest",
    bin("vitest"),
    ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${results}/vitest.json`],
  ],
  ["playwright", bin("playwright"), ["test"]],
];

let failedStage;
for (const [name, command, args] of stages) {
  if (only.length > 0 && !only.includes(name)) continue;
  if (name === "playwright" && !fs.existsSync(path.join(root, "playwright.config.ts"))) continue;
  process.stdout.write(`\n== ${name} ==\n`);
  const env = { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: `${results}/playwright.json` };
  const run = spawnSync(command, args, { cwd: root, stdio: "inherit", env });
  if (run.status !== 0) {
    failedStage = name;
    break;
  }
}

let passed = 0;
let failed = 0;
let skipped = 0;
const vitest = path.join(results, "vitest.json");
if (fs.existsSync(vitest)) {
  const report = JSON.parse(fs.readFileSync(vitest, "utf8"));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + (report.numTodoTests ?? 0);
}
const playwright = path.join(results, "playwright.json");
if (fs.existsSync(playwright)) {
  const stats = JSON.parse(fs.readFileSync(playwright, "utf8")).stats ?? {};
  passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  failed += stats.unexpected ?? 0;
  skipped += stats.skipped ?? 0;
}
if (failedStage) {
  process.stdout.write(`\nnpm test: stage "${failedStage}" failed\n`);
  if (failed === 0) failed = 1;
}
process.stdout.write(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
process.exit(failedStage ? 1 : 0);
