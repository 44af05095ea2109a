import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { createMetrics, guardedMetricsResponse } from "../metrics";

describe("/metrics access", () => {
  const metrics = createMetrics();
  const token = "a-scraper-token-of-32-characters";

  it("is off without a configured token, and says how to turn it on", async () => {
    const res = await guardedMetricsResponse(metrics, undefined, `Bearer ${token}`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { message: string }).message).toMatch(/LATCHKEY_METRICS_TOKEN/);
  });

  it("answers the scraper holding the token, and no one else", async () => {
    expect((await guardedMetricsResponse(metrics, token, `Bearer ${token}`)).status).toBe(200);
    for (const authorization of [null, "Bearer wrong", `Basic ${token}`, `Bearer ${token}x`]) {
      expect((await guardedMetricsResponse(metrics, token, authorization)).status).toBe(401);
    }
  });

  it("refuses a token too short to be a secret", () => {
    expect(() => loadConfig({ LATCHKEY_METRICS_TOKEN: "short" })).toThrow(/at least 16 characters/);
    expect(loadConfig({ LATCHKEY_METRICS_TOKEN: token }).metricsToken).toBe(token);
  });
});
