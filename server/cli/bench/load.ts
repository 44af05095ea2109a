import type { BenchAnswer } from "./http-client";

/** Figures of one load run: throughput and latency percentiles. */
export interface LoadResult {
  scenario: string;
  concurrency: number;
  requests: number;
  errors: number;
  /** The first failure seen (status and body, or the network error), so a bad run says why. */
  firstError?: string;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Database round trips per request, as the server counted them (API scenarios only). */
  roundTrips?: number;
  /** Time per request spent waiting for a pooled connection, ms, as the server counted it (PostgreSQL only). */
  poolWaitMs?: number;
  /** The server's event-loop delay during this run, ms. */
  eventLoopP99Ms?: number;
  eventLoopMaxMs?: number;
  /** The server's longest garbage-collection pause during this run, ms. */
  gcPauseMaxMs?: number;
  /** The server's heap after its latest major collection, at the end of this run, MB. */
  heapLiveMb?: number;
  /**
   * p99 of `GET /healthz` sent every 20 ms beside this load (healthz-probe.ts): what a load
   * balancer's health check sees while the API is busy. Failed checks are counted apart.
   */
  healthzDuringP99Ms?: number;
  healthzDuringErrors?: number;
  /** CPU time per request of the server process and of PostgreSQL's processes (Linux only). */
  serverCpuMs?: number;
  postgresCpuMs?: number;
  /** CPU time per request of the load generator itself (this process), which shares the machine. */
  clientCpuMs?: number;
}

/** The p-th percentile of latencies sorted ascending (0 when there are none): the bench's one definition. */
export const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/**
 * Closed-loop load: `concurrency` workers each send a request, read the whole answer, and go
 * again until `durationMs` has passed (the bench sends through http-client.ts, which keeps
 * connections alive between requests). A non-2xx answer or a network error counts as an error.
 * The load generator's own CPU time is measured too: it shares the machine with what it measures.
 */
export async function runLoad(
  scenario: string,
  concurrency: number,
  durationMs: number,
  send: () => Promise<BenchAnswer>,
): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const deadline = started + durationMs;
  const worker = async () => {
    while (performance.now() < deadline) {
      const t0 = performance.now();
      try {
        const response = await send();
        const body = await response.text();
        latencies.push(performance.now() - t0);
        if (!response.ok) {
          errors++;
          firstError ??= `HTTP ${response.status}: ${body.slice(0, 300)}`;
        }
      } catch (error) {
        errors++;
        firstError ??= String(error);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const cpu = process.cpuUsage(cpuBefore);
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    scenario,
    concurrency,
    requests: latencies.length,
    errors,
    firstError,
    perSecond: latencies.length / elapsed,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    clientCpuMs: latencies.length > 0 ? (cpu.user + cpu.system) / 1000 / latencies.length : undefined,
  };
}
