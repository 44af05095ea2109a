import { describe, expect, it } from "vitest";
import { createMetrics, type Metrics, metricsResponse } from "../metrics";

/** The event-loop delay gauge as a scraper reads it, in ms, by quantile ("0.5", "0.99", "1" = max). */
async function loopDelayMs(metrics: Metrics): Promise<Record<string, number>> {
  const text = await (await metricsResponse(metrics)).text();
  const read: Record<string, number> = {};
  for (const match of text.matchAll(/^latchkey_event_loop_delay_seconds\{quantile="([^"]+)"\} (\S+)$/gm)) {
    read[match[1]!] = Number(match[2]) * 1000;
  }
  return read;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the event-loop delay gauge", () => {
  it("reads an idle loop as (nearly) no delay, not as the sampler's own 10 ms interval", async () => {
    const metrics = createMetrics();
    await loopDelayMs(metrics); // starts a fresh window
    await sleep(400);
    const idle = await loopDelayMs(metrics);
    // Node's histogram alone reads an idle loop's median as its 10 ms sampling interval.
    expect(idle["0.5"]).toBeGreaterThanOrEqual(0);
    expect(idle["0.5"]).toBeLessThan(8);
  });

  it("reads a stall as at least its length, and a scrape starts the next window", async () => {
    const metrics = createMetrics();
    await loopDelayMs(metrics);
    await sleep(30);
    const stalled = Date.now();
    while (Date.now() - stalled < 60) {
      // the loop is held: nothing else runs
    }
    await sleep(30);
    expect((await loopDelayMs(metrics))["1"]).toBeGreaterThanOrEqual(45);
    await sleep(100);
    expect((await loopDelayMs(metrics))["1"]).toBeLessThan(45);
  });
});
