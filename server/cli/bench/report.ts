import fs from "node:fs";
import path from "node:path";
import type { EarnCost } from "./earn-cost";
import { floorMicros } from "./floors";
import type { LoadResult } from "./load";
import type { PolicyCost } from "./policy-cost";
import { rulerAt } from "./rulers";
import type { SendCost } from "./send-cost";
import type { SigningCost } from "./signing-cost";
import type { StampCost } from "./stamp-cost";
import { formatWorkers, type WorkersResult } from "./workers";

export interface BenchReport {
  database: "PGlite" | "PostgreSQL";
  at: string;
  node: string;
  secondsPerRun: number;
  results: LoadResult[];
  stampVerification: StampCost;
  signing: SigningCost;
  policies: PolicyCost;
  sends?: SendCost;
  solSends?: SendCost;
  /** The same for a sponsored send from an account holding no ETH (the gas station pays). */
  sponsoredSends?: SendCost;
  /** Earn on the local chain: deposit → confirmed, and list_earn_enabled_vaults over 50 wrappers. */
  earn?: EarnCost;
  /** `latchkey start` with 1 and N workers (PostgreSQL only). */
  workers?: WorkersResult[];
}

const cell = (text: string, width: number) => text.padStart(width);

/** The figures as a table a person reads in a terminal. */
export function formatReport(report: BenchReport): string {
  const header =
    `${"scenario".padEnd(44)}${cell("conc.", 6)}${cell("req/s", 9)}${cell("p50 ms", 9)}${cell("p99 ms", 9)}` +
    `${cell("healthz", 9)}${cell("via Next", 10)}${cell("requests", 10)}${cell("errors", 8)}${cell("db RT", 7)}${cell("pool ms", 9)}${cell("floor ms", 10)}${cell("p50/floor", 11)}` +
    `${cell("loop p99", 10)}${cell("loop max", 10)}${cell("gc max", 8)}${cell("heap MB", 9)}${cell("hz p99", 8)}${cell("hz ×", 6)}` +
    `${cell("srv CPU", 9)}${cell("pg CPU", 8)}${cell("client CPU", 12)}`;
  // Each row as a share of GET /healthz at the same concurrency: the issue's targets are such shares.
  const ceiling = (concurrency: number) => rulerAt(report.results, "GET /healthz", concurrency)?.perSecond;
  // The same check through Next's router: the ruler earlier passes read the issue's shares against.
  const nextCeiling = (concurrency: number) =>
    rulerAt(report.results, "GET /healthz through Next.js", concurrency)?.perSecond;
  // The health check's p99 during the load, as a multiple of /healthz's own p99 at that concurrency.
  const probeRatio = (r: LoadResult) => {
    const own = rulerAt(report.results, "GET /healthz", r.concurrency)?.p99Ms;
    return r.healthzDuringP99Ms === undefined || !own ? undefined : r.healthzDuringP99Ms / own;
  };
  const rows = report.results.map((r) => {
    const floor = floorMicros(r.scenario, report);
    const healthz = ceiling(r.concurrency);
    const viaNext = nextCeiling(r.concurrency);
    const optional = (value: number | undefined, digits: number, width: number) =>
      cell(value === undefined ? "-" : value.toFixed(digits), width);
    return (
      `${r.scenario.padEnd(44)}${cell(String(r.concurrency), 6)}${cell(r.perSecond.toFixed(0), 9)}` +
      `${cell(r.p50Ms.toFixed(2), 9)}${cell(r.p99Ms.toFixed(2), 9)}` +
      `${cell(healthz ? `${Math.round((100 * r.perSecond) / healthz)} %` : "-", 9)}` +
      `${cell(viaNext ? `${Math.round((100 * r.perSecond) / viaNext)} %` : "-", 10)}${cell(String(r.requests), 10)}` +
      `${cell(String(r.errors), 8)}${optional(r.roundTrips, 1, 7)}${optional(r.poolWaitMs, 1, 9)}` +
      `${optional(floor === undefined ? undefined : floor / 1000, 2, 10)}` +
      `${optional(floor === undefined ? undefined : (r.p50Ms * 1000) / floor, 1, 11)}` +
      `${optional(r.eventLoopP99Ms, 1, 10)}${optional(r.eventLoopMaxMs, 1, 10)}` +
      `${optional(r.gcPauseMaxMs, 1, 8)}${optional(r.heapLiveMb || undefined, 0, 9)}` +
      `${optional(r.healthzDuringP99Ms, 1, 8)}${optional(probeRatio(r), 1, 6)}` +
      `${optional(r.serverCpuMs, 2, 9)}${optional(r.postgresCpuMs, 2, 8)}${optional(r.clientCpuMs, 2, 12)}`
    );
  });
  const failures = [...report.results, ...(report.workers ?? [])]
    .filter((r) => r.firstError)
    .map((r) => `  ${r.scenario} at ${r.concurrency}: ${r.firstError}`);
  const failedChecks = report.results
    .filter((r) => (r.healthzDuringErrors ?? 0) > 0)
    .map((r) => `  GET /healthz during ${r.scenario} at ${r.concurrency}: ${r.healthzDuringErrors} failed`);
  const { knownKeyMicros, newKeyMicros } = report.stampVerification;
  return [
    `Latchkey benchmark: ${report.database}, ${report.secondsPerRun} s per run, Node ${report.node}`,
    header,
    "-".repeat(header.length),
    ...rows,
    "",
    `P-256 X-Stamp verification in process (CPU time, thread pool included): ${knownKeyMicros.toFixed(1)} µs/op (known key), ` +
      `${newKeyMicros.toFixed(1)} µs/op (first use of a key)`,
    `Signing in process: secp256k1 ${report.signing.secp256k1SignMicros.toFixed(1)} µs/op, ed25519 ` +
      `${report.signing.ed25519SignMicros.toFixed(1)} µs/op; a wallet account, as sign_raw_payload does ` +
      `(unseal its sealed key, sign) ${report.signing.walletAccountSignMicros.toFixed(1)} µs/op, ` +
      `(unseal mnemonic, BIP-39 seed, derive, sign: an older account's first use only) ` +
      `${report.signing.walletAccountDeriveSignMicros.toFixed(1)} µs/op`,
    "healthz: req/s as a share of GET /healthz at the same concurrency, and via Next: of GET /healthz through Next.js (each ruler runs before the API rows and again after them; shares are of its faster run, hz × of its lower p99); db RT: database round trips per request (the server's count, BEGIN and COMMIT included); pool ms: time per request the server spent waiting for pooled PostgreSQL connections (part of the latency; - on PGlite, whose one connection queues inside it); floor: the " +
      "in-process parts the request must do (stamp, wallet-account signature, policy round); loop: the " +
      "server's event-loop delay during the run, ms; gc max: its longest garbage-collection pause during the run, ms; " +
      "heap MB: its heap just after its latest major collection, at the end of the run (rising run after run: a leak; - before the first); hz p99: GET /healthz sent every 20 ms beside the load (what a " +
      "load balancer's health check sees), p99 ms, and hz ×: that as a multiple of GET /healthz's own p99 at the same concurrency; srv CPU / pg CPU / client CPU: CPU time per request of the server " +
      "process, of PostgreSQL's processes (Linux) and of the load generator (this process, on the same machine), ms",
    `Policy evaluation in process, CPU time (one sign_transaction, contexts built, policies compiled once): ${Object.entries(
      report.policies.evaluationMicros,
    )
      .map(([count, micros]) => `${count} ${count === "1" ? "policy" : "policies"} ${micros.toFixed(1)} µs`)
      .join(", ")}`,
    ...(report.sends
      ? [
          `eth_send_transaction on the local EVM devnet, submitted → COMPLETED (one at a time, ${report.sends.samples} sends): ` +
            `p50 ${report.sends.confirmedP50Ms.toFixed(1)} ms, p99 ${report.sends.confirmedP99Ms.toFixed(1)} ms`,
        ]
      : []),
    ...(report.solSends
      ? [
          `sol_send_transaction on the local Solana devnet, submitted → COMPLETED (one at a time, ${report.solSends.samples} sends): ` +
            `p50 ${report.solSends.confirmedP50Ms.toFixed(1)} ms, p99 ${report.solSends.confirmedP99Ms.toFixed(1)} ms`,
        ]
      : []),
    ...(report.sponsoredSends
      ? [
          `sponsored eth_send_transaction (gas station pays; the first also deploys the delegate and delegates), submitted → COMPLETED (one at a time, ${report.sponsoredSends.samples} sends): ` +
            `p50 ${report.sponsoredSends.confirmedP50Ms.toFixed(1)} ms, p99 ${report.sponsoredSends.confirmedP99Ms.toFixed(1)} ms`,
        ]
      : []),
    ...(report.earn
      ? [
          `earn_deposit (approve + deposit batch) submitted → COMPLETED (one at a time, ${report.earn.samples} deposits): ` +
            `p50 ${report.earn.depositConfirmedP50Ms.toFixed(1)} ms, p99 ${report.earn.depositConfirmedP99Ms.toFixed(1)} ms`,
          `list_earn_enabled_vaults with ${report.earn.wrappers} wrappers read from the chain (${report.earn.samples} queries): ` +
            `p50 ${report.earn.enabledVaultsP50Ms.toFixed(1)} ms, p99 ${report.earn.enabledVaultsP99Ms.toFixed(1)} ms`,
        ]
      : []),
    ...formatWorkers(report.workers ?? []),
    ...(failures.length + failedChecks.length > 0 ? ["", "errors:", ...failures, ...failedChecks] : []),
    "",
  ].join("\n");
}

/** Keep the latest figures per database in .bench/results.json, so PGlite and PostgreSQL sit side by side. */
export function saveReport(root: string, report: BenchReport): string {
  const dir = path.join(root, ".bench");
  const file = path.join(dir, "results.json");
  fs.mkdirSync(dir, { recursive: true });
  let saved: Record<string, BenchReport> = {};
  try {
    saved = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, BenchReport>;
  } catch {
    // first run, or a file from an older format: start afresh
  }
  saved[report.database.toLowerCase()] = report;
  fs.writeFileSync(file, `${JSON.stringify(saved, null, 2)}\n`);
  return file;
}
