import { describe, expect, it } from "vitest";
import { createMetrics, metricsResponse } from "../../observability/metrics";
import { collectGarbageObserved } from "../../testing/collect-garbage";
import { parseServerSample } from "../bench/server-metrics";

describe("the bench's reading of the server's /metrics", () => {
  it("finds the round trips, the pool waits, the event-loop delay and the collector's figures under the names the server exposes", async () => {
    const metrics = createMetrics();
    metrics.requests.inc({ path: "/submit/create_users", status: "200" }, 4);
    metrics.roundTrips.inc({ path: "/submit/create_users" }, 12);
    metrics.poolWait.inc({ path: "/submit/create_users" }, 0.25);
    await metricsResponse(metrics); // starts the windows
    await collectGarbageObserved();
    const sample = parseServerSample(await (await metricsResponse(metrics)).text());
    expect(sample.requests.get("/submit/create_users")).toBe(4);
    expect(sample.roundTrips.get("/submit/create_users")).toBe(12);
    expect(sample.poolWait.get("/submit/create_users")).toBe(0.25);
    expect(sample.gcPauseMaxMs).toBeGreaterThan(0);
    expect(sample.heapLiveMb).toBeGreaterThan(1);
    expect(sample.eventLoopMaxMs).toBeGreaterThanOrEqual(0);
  });
});
