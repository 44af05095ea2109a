import fs from "node:fs";
import path from "node:path";
import type { LoadResult } from "./load";
import type { PolicyCost } from "./policy-cost";
import type { SendCost } from "./send-cost";
import type { SigningCost } from "./signing-cost";
import type { StampCost } from "./stamp-cost";

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
}

const cell = (text: string, width: number) => text.padStart(width);

/** The figures as a table a person reads in a terminal. */
export function formatReport(report: BenchReport): string {
  const header = `${"scenario".padEnd(44)}${cell("conc.", 6)}${cell("req/s", 9)}${cell("p50 ms", 9)}${cell("p99 ms", 9)}${cell("requests", 10)}${cell("errors", 8)}`;
  const rows = report.results.map(
    (r) =>
      `${r.scenario.padEnd(44)}${cell(String(r.concurrency), 6)}${cell(r.perSecond.toFixed(0), 9)}` +
      `${cell(r.p50Ms.toFixed(2), 9)}${cell(r.p99Ms.toFixed(2), 9)}${cell(String(r.requests), 10)}` +
      `${cell(String(r.errors), 8)}`,
  );
  const failures = report.results
    .filter((r) => r.firstError)
    .map((r) => `  ${r.scenario} at ${r.concurrency}: ${r.firstError}`);
  const { knownKeyMicros, newKeyMicros } = report.stampVerification;
  return [
    `Latchkey benchmark: ${report.database}, ${report.secondsPerRun} s per run, Node ${report.node}`,
    header,
    "-".repeat(header.length),
    ...rows,
    "",
    `P-256 X-Stamp verification in process: ${knownKeyMicros.toFixed(1)} µs/op (known key), ` +
      `${newKeyMicros.toFixed(1)} µs/op (first use of a key)`,
    `Signing in process: secp256k1 ${report.signing.secp256k1SignMicros.toFixed(1)} µs/op, ed25519 ` +
      `${report.signing.ed25519SignMicros.toFixed(1)} µs/op; unseal + BIP-39 seed + derive + sign (a wallet ` +
      `account, as sign_raw_payload does) ${report.signing.walletAccountSignMicros.toFixed(1)} µs/op`,
    `Policy evaluation in process (one sign_transaction, contexts built): ${Object.entries(
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
    ...(failures.length > 0 ? ["", "errors:", ...failures] : []),
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
