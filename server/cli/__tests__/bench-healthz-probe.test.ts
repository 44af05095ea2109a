import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { startHealthzProbe } from "../bench/healthz-probe";
import { benchHttp } from "../bench/http-client";

/** A health endpoint that answers after `delayMs` (without blocking this process) with `status`. */
async function healthServer(delayMs: number, status = 200) {
  const server = http.createServer((_request, response) => {
    setTimeout(() => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end('{"status":"ok"}');
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const run = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the bench's health-check probe", () => {
  const opened: { close(): unknown }[] = [];
  afterEach(async () => {
    for (const thing of opened.splice(0).reverse()) await thing.close();
  });

  it("keeps its schedule while answers are slow, so a slow server is sampled as often as a fast one", async () => {
    const server = await healthServer(100);
    const client = benchHttp(server.baseUrl);
    opened.push(server, client);
    const probe = startHealthzProbe(() => client.get("/healthz"), 20);
    await run(500);
    const result = await probe.stop();
    // A closed loop would have sent about five in 500 ms; the open loop sends one every 20 ms.
    expect(result.samples).toBeGreaterThanOrEqual(12);
    expect(result.errors).toBe(0);
    expect(result.sent).toBe(result.samples);
    expect(result.p50Ms).toBeGreaterThanOrEqual(95);
    expect(result.p99Ms).toBeGreaterThanOrEqual(result.p50Ms);
    expect(result.maxMs).toBeGreaterThanOrEqual(result.p99Ms);
  });

  it("waits for the checks in flight when stopped", async () => {
    // Each answer takes longer than the whole run: every check is still in flight at stop().
    const server = await healthServer(300);
    const client = benchHttp(server.baseUrl);
    opened.push(server, client);
    const probe = startHealthzProbe(() => client.get("/healthz"), 20);
    await run(100);
    const result = await probe.stop();
    expect(result.sent).toBeGreaterThanOrEqual(3);
    expect(result.samples).toBe(result.sent);
    expect(result.p50Ms).toBeGreaterThanOrEqual(295);
  });

  it("counts checks answered with an error apart from the latencies", async () => {
    const server = await healthServer(30, 503);
    const client = benchHttp(server.baseUrl);
    opened.push(server, client);
    const probe = startHealthzProbe(() => client.get("/healthz"), 20);
    await run(200);
    const result = await probe.stop();
    expect(result.sent).toBeGreaterThanOrEqual(5);
    expect(result.samples).toBe(0);
    expect(result.errors).toBe(result.sent);
    expect(result.p99Ms).toBe(0);
  });

  it("gives up on checks never answered, counting them as failed, so the bench cannot hang", async () => {
    const server = await healthServer(60_000);
    const client = benchHttp(server.baseUrl);
    opened.push(server, client);
    const probe = startHealthzProbe(() => client.get("/healthz"), 20, 200);
    await run(100);
    const started = performance.now();
    const result = await probe.stop();
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(result.sent).toBeGreaterThanOrEqual(3);
    expect(result.errors).toBe(result.sent);
  });

  it("counts a refused connection as a failed check", async () => {
    const server = await healthServer(0);
    const { baseUrl } = server;
    await server.close();
    const client = benchHttp(baseUrl);
    opened.push(client);
    const probe = startHealthzProbe(() => client.get("/healthz"), 20);
    await run(100);
    const result = await probe.stop();
    expect(result.samples).toBe(0);
    expect(result.errors).toBeGreaterThan(0);
  });
});
