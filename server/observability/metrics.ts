import { timingSafeEqual } from "node:crypto";
import { Counter, Histogram, Registry } from "prom-client";

export interface Metrics {
  registry: Registry;
  requests: Counter<"path" | "status">;
  latency: Histogram<"path">;
  activities: Counter<"type" | "status">;
  rateLimited: Counter<"scope" | "kind">;
}

/** One registry per application context, so tests can build several without collisions. */
export function createMetrics(): Metrics {
  const registry = new Registry();
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
