import { defineConfig } from "@playwright/test";

/**
 * What a page looks like and carries — layout on a phone, accessibility, security headers, static
 * files — is the same whichever database serves it. With LATCHKEY_TESTS_DATABASE_DEPENDENT_ONLY=1
 * (CI's second pass, on PostgreSQL, after the whole suite ran on PGlite) these specs are left out.
 */
const PRESENTATION_SPECS = ["accessibility", "mobile", "security-headers", "public-files"];
const databaseDependentOnly = process.env.LATCHKEY_TESTS_DATABASE_DEPENDENT_ONLY === "1";

// Debian's Chromium, never a downloaded browser; the flags keep it off this machine's closed network.
export default defineConfig({
  testDir: "e2e/browser",
  testIgnore: databaseDependentOnly ? PRESENTATION_SPECS.map((name) => `**/${name}.spec.ts`) : undefined,
  timeout: 120_000,
  expect: { timeout: 15_000 },
  // Each spec file starts its own server (its own data directory or database, its own devnets) and
  // browser context, so two files run side by side; on two cores the whole suite went from 7.8 to
  // 5.8 min on PGlite (126 tests) with no test's own time near its limits.
  workers: 2,
  // `npm test` (server/cli/run-tests.mjs) names the JSON file it reads; alone, it lands beside the traces.
  reporter: [
    ["list"],
    ["json", { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? "playwright-report/results.json" }],
  ],
  use: {
    browserName: "chromium",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
    trace: "retain-on-failure",
  },
});
