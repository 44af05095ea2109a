import os from "node:os";
import { benchDatabase } from "./database";
import { type BenchAnswer, benchHttp } from "./http-client";
import { launchBenchServer } from "./launch";
import { type LoadResult, runLoad } from "./load";
import { type BenchKey, newBenchKey } from "./stamper";
import { benchWallet } from "./wallet";

/** One row of the workers table: a scenario at concurrency 32 under `latchkey start` with N workers. */
export interface WorkersResult extends LoadResult {
  workers: number;
}

const CONCURRENCY = 32;

/**
 * BENCH_WORKERS: the worker counts to compare under `latchkey start`, comma-separated; default
 * `1,<cores>` (just `1` on a one-core machine); `0` skips the comparison.
 */
export function workerCounts(raw: string | undefined): number[] {
  const cores = os.availableParallelism();
  if (raw === undefined || raw.trim() === "") return [...new Set([1, cores])];
  const counts = raw.split(",").map((c) => Number(c.trim()));
  if (counts.some((c) => !Number.isInteger(c) || c < 0 || c > 256)) {
    throw new Error(`BENCH_WORKERS must be comma-separated worker counts (0 to skip), got "${raw}"`);
  }
  return counts.includes(0) ? [] : counts;
}

/** Healthz, whoami and a secp256k1 signature against `latchkey start` with `workers` processes. */
async function benchWith(root: string, databaseUrl: string, workers: number, seconds: number) {
  const database = await benchDatabase(databaseUrl);
  const key: BenchKey = newBenchKey();
  const results: WorkersResult[] = [];
  try {
    const server = await launchBenchServer(root, key.publicKey, database.url, workers);
    const client = benchHttp(server.baseUrl);
    try {
      const post = (kind: "submit" | "query", name: string, payload: unknown) => {
        const body = new TextEncoder().encode(JSON.stringify(payload));
        return client.post(`/public/v1/${kind}/${name}`, body, {
          "content-type": "application/json",
          "X-Stamp": key.stamp(body),
        });
      };
      const activity = (type: string, parameters: unknown) => ({
        type,
        timestampMs: String(Date.now()),
        organizationId: server.organizationId,
        parameters,
      });
      const wallet = await benchWallet((type, name, parameters) =>
        post("submit", name, activity(type, parameters)),
      );
      let signatures = 0;
      const scenarios: [string, () => Promise<BenchAnswer>][] = [
        ["GET /healthz", () => client.get("/healthz")],
        ["query whoami (stamped)", () => post("query", "whoami", { organizationId: server.organizationId })],
        [
          "activity sign_raw_payload (secp256k1)",
          () =>
            post(
              "submit",
              "sign_raw_payload",
              activity("ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2", {
                signWith: wallet.ethereum,
                payload: `0x${(++signatures).toString(16).padStart(64, "0")}`,
                encoding: "PAYLOAD_ENCODING_HEXADECIMAL",
                hashFunction: "HASH_FUNCTION_NO_OP",
              }),
            ),
        ],
      ];
      for (const [name, send] of scenarios) {
        process.stderr.write(`bench: ${name} at concurrency ${CONCURRENCY}, ${workers} worker(s)…\n`);
        results.push({ ...(await runLoad(name, CONCURRENCY, seconds * 1000, send)), workers });
      }
    } finally {
      client.close();
      await server.stop();
    }
  } finally {
    await database.drop();
  }
  return results;
}

/**
 * The same scenarios under `latchkey start` with each worker count (PostgreSQL only: PGlite serves
 * from one process), each on a fresh database. The load generator runs on the same machine and
 * takes its share of the cores.
 */
export async function benchWorkers(
  root: string,
  databaseUrl: string | undefined,
  seconds: number,
): Promise<WorkersResult[]> {
  const counts = workerCounts(process.env.BENCH_WORKERS);
  if (!databaseUrl || counts.length === 0) return [];
  const results: WorkersResult[] = [];
  for (const workers of counts) results.push(...(await benchWith(root, databaseUrl, workers, seconds)));
  return results;
}

/** The workers table, each row's throughput also as a multiple of the same scenario with 1 worker. */
export function formatWorkers(results: WorkersResult[]): string[] {
  if (results.length === 0) return [];
  const single = (scenario: string) => results.find((r) => r.scenario === scenario && r.workers === 1);
  const header = `${"latchkey start, concurrency 32".padEnd(44)}${"workers".padStart(8)}${"req/s".padStart(9)}${"p50 ms".padStart(9)}${"p99 ms".padStart(9)}${"errors".padStart(8)}${"× 1 worker".padStart(12)}`;
  return [
    "",
    header,
    "-".repeat(header.length),
    ...results.map((r) => {
      const base = single(r.scenario);
      const ratio = base && base.perSecond > 0 ? `${(r.perSecond / base.perSecond).toFixed(2)}×` : "-";
      return (
        `${r.scenario.padEnd(44)}${String(r.workers).padStart(8)}${r.perSecond.toFixed(0).padStart(9)}` +
        `${r.p50Ms.toFixed(2).padStart(9)}${r.p99Ms.toFixed(2).padStart(9)}${String(r.errors).padStart(8)}${ratio.padStart(12)}`
      );
    }),
  ];
}
