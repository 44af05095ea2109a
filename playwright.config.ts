import { defineConfig } from "@playwright/test";

// Debian's Chromium, never a downloaded browser; the flags keep it off this machine's closed network.
export default defineConfig({
  testDir: "e2e/browser",
  timeout: 120_000,
  expect: { timeout: 15_000 },
  workers: 1,
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
