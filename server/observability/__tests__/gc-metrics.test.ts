import { describe, expect, it } from "vitest";
import { collectGarbageObserved } from "../../testing/collect-garbage";
import { createMetrics, type Metrics, metricsResponse } from "../metrics";

/** The samples a scraper reads, by their exposition name with labels. */
async function scrape(metrics: Metrics): Promise<Map<string, number>> {
  const text = await (await metricsResponse(metrics)).text();
  const samples = new Map<string, number>();
  for (const line of text.split("\n")) {
    if (line.startsWith("#") || line.trim() === "") continue;
    const space = line.lastIndexOf(" ");
    samples.set(line.slice(0, space), Number(line.slice(space + 1)));
  }
  return samples;
}

const collectedAndReported = collectGarbageObserved;

describe("garbage-collection metrics", () => {
  it("show what the process keeps: the live heap rises with what is held and falls once it is let go", async () => {
    const metrics = createMetrics();
    await scrape(metrics);
    // About 40 MB of small objects, as a leak of requests would be.
    let held: { n: number; text: string }[] | undefined = Array.from({ length: 400_000 }, (_, n) => ({
      n,
      text: `request ${n} `.repeat(4),
    }));
    await collectedAndReported();
    const holding = await scrape(metrics);
    expect(held.length).toBe(400_000);
    held = undefined;
    await collectedAndReported();
    const released = await scrape(metrics);
    const mb = (samples: Map<string, number>) => (samples.get("latchkey_heap_live_bytes") ?? 0) / 1e6;
    expect(mb(holding) - mb(released)).toBeGreaterThan(25);
    expect(mb(released)).toBeGreaterThan(1);
  });

  it("count major pauses, and give the longest of each scrape's window", async () => {
    const metrics = createMetrics();
    const before = await scrape(metrics);
    await collectedAndReported();
    const after = await scrape(metrics);
    const major = 'latchkey_gc_pause_seconds_total{kind="major"}';
    expect(after.get(major)!).toBeGreaterThan(before.get(major) ?? 0);
    // A full collection stops the thread for more than nothing, and no longer than it took to run.
    const longest = after.get("latchkey_gc_pause_max_seconds")!;
    expect(longest).toBeGreaterThan(0);
    expect(longest).toBeLessThan(after.get(major)! - (before.get(major) ?? 0) + 1e-9);
  });
});
