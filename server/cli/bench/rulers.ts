import type { LoadResult } from "./load";

/** The bench's two rulers: the health check served directly, and the same through Next's router. */
export const RULERS = ["GET /healthz", "GET /healthz through Next.js"] as const;
export type Ruler = (typeof RULERS)[number];

/** The name of a ruler's second measurement, made after every API scenario. */
export const again = (ruler: Ruler) => `${ruler}, again`;

/**
 * A ruler at one concurrency over both of its runs, the first before the API scenarios and the
 * second after them: the most requests a second either run served and the lowest p99 either saw.
 * One run of a few seconds drifts with the machine (the Next-routed ruler ran 1,386 and 2,162 req/s
 * at c32 in two whole runs of the same code, docs/scaling.md), and a share of the faster run, a tail
 * against the shorter, never flatters a row.
 */
export function rulerAt(
  results: LoadResult[],
  ruler: Ruler,
  concurrency: number,
): { perSecond: number; p99Ms: number } | undefined {
  const runs = results.filter(
    (r) => (r.scenario === ruler || r.scenario === again(ruler)) && r.concurrency === concurrency,
  );
  if (runs.length === 0) return undefined;
  return {
    perSecond: Math.max(...runs.map((r) => r.perSecond)),
    p99Ms: Math.min(...runs.map((r) => r.p99Ms)),
  };
}
