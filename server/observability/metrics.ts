import { timingSafeEqual } from "node:crypto";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { Counter, Gauge, Histogram, Registry } from "prom-client";
import { gcMetrics } from "./gc-metrics";

export interface Metrics {
  registry: Registry;
  requests: Counter<"path" | "status">;
  latency: Histogram<"path">;
  activities: Counter<"type" | "status">;
  rateLimited: Counter<"scope" | "kind">;
  /** Database round trips made by API requests, by path (divide by the requests counted). */
  roundTrips: Counter<"path">;
  /**
   * Seconds API requests spent waiting for a pooled PostgreSQL connection, by path (divide by the
   * requests counted): rising, the pool or the database is the queue. PGlite has no pool.
   */
  poolWait: Counter<"path">;
}

/** How often the loop is sampled, ms. */
const LOOP_SAMPLE_MS = 10;

/**
 * Event-loop delay since the previous scrape (p50, p99, max): how long ready work waited behind
 * whatever held the loop. Each scrape reads and resets the window, so a scraper (the bench) sees
 * the delay during exactly what it measured. Node's histogram records the whole interval between
 * its timer's ticks, its own LOOP_SAMPLE_MS wait included (an idle loop reads 10 ms): that wait
 * is taken off, so an idle loop reads 0 and a 50 ms stall about 50.
 */
function eventLoopDelay(registry: Registry): void {
  const histogram = monitorEventLoopDelay({ resolution: LOOP_SAMPLE_MS });
  histogram.enable();
  new Gauge({
    name: "latchkey_event_loop_delay_seconds",
    help: "Event-loop delay since the previous scrape, by quantile (0.5, 0.99, 1 = max)",
    labelNames: ["quantile"],
    registers: [registry],
    collect() {
      const seconds = (ns: number) =>
        Number.isFinite(ns) ? Math.max(0, ns / 1e6 - LOOP_SAMPLE_MS) / 1000 : 0;
      this.set({ quantile: "0.5" }, seconds(histogram.percentile(50)));
      this.set({ quantile: "0.99" }, seconds(histogram.percentile(99)));
      this.set({ quantile: "1" }, seconds(histogram.max));
      histogram.reset();
    },
  });
}

/** One registry per application context, so tests can build several without collisions. */
export function createMetrics(): Metrics {
  const registry = new Registry();
  eventLoopDelay(registry);
  gcMetrics(registry);
  return {
    registry,
    requests: new Counter({
      name: "latchkey_http_requests_total",
      help: "API requests by path and HTTP status",
      labelNames: ["path", "status"],
      registers: [registry],
    }),
    latency: new Histogram({
      name: "latchkey_http_request_duration_seconds",
      help: "API request latency by path",
      labelNames: ["path"],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    }),
    activities: new Counter({
      name: "latchkey_activities_total",
      help: "Activity outcomes by type and resulting status",
      labelNames: ["type", "status"],
      registers: [registry],
    }),
    rateLimited: new Counter({
      name: "latchkey_rate_limited_total",
      help: "Requests refused with a 429, by the limit that refused them (scope key|ip, kind activity|query)",
      labelNames: ["scope", "kind"],
      registers: [registry],
    }),
    roundTrips: new Counter({
      name: "latchkey_db_round_trips_total",
      help: "Database round trips (statements, BEGIN and COMMIT included) made by API requests, by path",
      labelNames: ["path"],
      registers: [registry],
    }),
    poolWait: new Counter({
      name: "latchkey_db_pool_wait_seconds_total",
      help: "Seconds API requests waited for a pooled PostgreSQL connection, by path",
      labelNames: ["path"],
      registers: [registry],
    }),
  };
}

/**
 * GET /metrics for a scraper holding the bearer token (LATCHKEY_METRICS_TOKEN). Request counts by
 * path and status describe who uses the service how: they are not for anyone who asks. Without a
 * configured token the endpoint is off.
 */
export async function guardedMetricsResponse(
  metrics: Metrics,
  token: string | undefined,
  authorization: string | null,
): Promise<Response> {
  const refuse = (status: number, message: string) =>
    new Response(JSON.stringify({ code: status === 404 ? 5 : 16, message, details: [] }), {
      status,
      headers: { "content-type": "application/json", "cache-control": "no-store" },
    });
  if (!token)
    return refuse(
      404,
      "metrics are off: set LATCHKEY_METRICS_TOKEN and scrape with Authorization: Bearer <token>",
    );
  const given = Buffer.from(/^Bearer (.+)$/.exec(authorization ?? "")?.[1] ?? "");
  const expected = Buffer.from(token);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return refuse(401, "metrics need Authorization: Bearer <LATCHKEY_METRICS_TOKEN>");
  }
  return metricsResponse(metrics);
}

/** The registry in Prometheus text exposition format. */
export async function metricsResponse(metrics: Metrics): Promise<Response> {
  return new Response(await metrics.registry.metrics(), {
    headers: { "content-type": metrics.registry.contentType, "cache-control": "no-store" },
  });
}
