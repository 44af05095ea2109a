import { describe, expect, it } from "vitest";
import type { LoadResult } from "../bench/load";
import { formatReport } from "../bench/report";
import { again, rulerAt } from "../bench/rulers";

const run = (scenario: string, concurrency: number, perSecond: number, p99Ms: number): LoadResult => ({
  scenario,
  concurrency,
  requests: perSecond,
  errors: 0,
  perSecond,
  p50Ms: p99Ms / 2,
  p99Ms,
});

const SIGNING = {
  secp256k1SignMicros: 50,
  ed25519SignMicros: 90,
  walletAccountSignMicros: 60,
  walletAccountDeriveSignMicros: 1500,
};

describe("the bench's rulers", () => {
  const results = [
    run("GET /healthz through Next.js", 32, 1386, 46),
    run("GET /healthz", 32, 9000, 17),
    run("activity create_users (1 user)", 32, 600, 90),
    run(again("GET /healthz through Next.js"), 32, 2000, 52),
    run(again("GET /healthz"), 32, 8000, 15),
  ];

  it("take the faster of a ruler's two runs and the lower of its two p99s, per concurrency", () => {
    expect(rulerAt(results, "GET /healthz through Next.js", 32)).toEqual({ perSecond: 2000, p99Ms: 46 });
    expect(rulerAt(results, "GET /healthz", 32)).toEqual({ perSecond: 9000, p99Ms: 15 });
    expect(rulerAt(results, "GET /healthz", 1)).toBeUndefined();
  });

  it("are what the printed shares are of: create_users at 600 req/s is 30 % of the faster Next-routed run", () => {
    const table = formatReport({
      database: "PostgreSQL",
      at: "2026-11-29T00:00:00Z",
      node: "v24",
      secondsPerRun: 5,
      results,
      stampVerification: { knownKeyMicros: 100, newKeyMicros: 150 },
      signing: SIGNING,
      policies: { evaluationMicros: { 1: 2, 100: 70, 1000: 800 } },
    });
    const line = table.split("\n").find((l) => l.startsWith("activity create_users"))!;
    // req/s, p50, p99, then the share of GET /healthz (the faster run: 9,000) and of the Next-routed one.
    expect(line.split(/\s{2,}/).slice(2, 7)).toEqual(["600", "45.00", "90.00", "7 %", "30 %"]);
  });
});
