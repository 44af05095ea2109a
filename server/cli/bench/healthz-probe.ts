import type { BenchAnswer } from "./http-client";
import { percentile } from "./load";

/** What the probe saw of the health check while a load ran. */
export interface ProbeResult {
  /** Checks sent; each is either a sample (answered 2xx) or an error. */
  sent: number;
  samples: number;
  /** Checks answered otherwise, refused, or still unanswered `giveUpMs` after the load ended. */
  errors: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

/**
 * Send a health check every `everyMs` while a load runs, on a schedule that does not wait for the
 * previous answer (an open loop: a stalled server is not given time to recover between samples,
 * which a closed loop would hide), and report its latency when stopped. This is what a load
 * balancer's health check sees during the load: a stalled event loop shows here as a slow answer.
 * The checks cost the server a little CPU (about 0.2 ms each for `latchkey start`'s own /healthz),
 * so the rate is kept low.
 */
export function startHealthzProbe(
  send: () => Promise<BenchAnswer>,
  everyMs = 20,
  giveUpMs = 10_000,
): { stop(): Promise<ProbeResult> } {
  const latencies: number[] = [];
  const pending = new Set<Promise<void>>();
  let sent = 0;
  const fire = () => {
    sent++;
    const t0 = performance.now();
    const sample = send()
      .then(async (answer) => {
        await answer.text();
        if (answer.ok) latencies.push(performance.now() - t0);
      })
      // A refused or broken check is a failed one: sent, never a sample.
      .catch(() => undefined)
      .finally(() => pending.delete(sample));
    pending.add(sample);
  };
  const timer = setInterval(fire, everyMs);
  return {
    async stop() {
      clearInterval(timer);
      // A check the server never answers must not hang the bench: it counts as failed.
      let giveUp: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all(pending),
        new Promise((resolve) => {
          giveUp = setTimeout(resolve, giveUpMs);
        }),
      ]);
      clearTimeout(giveUp);
      const sorted = [...latencies].sort((a, b) => a - b);
      return {
        sent,
        samples: sorted.length,
        errors: sent - sorted.length,
        p50Ms: percentile(sorted, 50),
        p99Ms: percentile(sorted, 99),
        maxMs: sorted.at(-1) ?? 0,
      };
    },
  };
}
