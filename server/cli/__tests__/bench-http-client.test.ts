import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { benchHttp } from "../bench/http-client";
import { runLoad } from "../bench/load";

/** A server that echoes what it was sent, and counts the connections it was opened. */
async function echoServer() {
  let connections = 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const status = request.url === "/missing" ? 404 : 200;
      response.writeHead(status, { "content-type": "application/json" });
      response.end(
        JSON.stringify({
          method: request.method,
          url: request.url,
          stamp: request.headers["x-stamp"] ?? null,
          length: request.headers["content-length"] ?? null,
          body: Buffer.concat(chunks).toString("utf8"),
        }),
      );
    });
  });
  server.on("connection", () => connections++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("the bench's HTTP client", () => {
  const opened: { close(): unknown }[] = [];
  afterEach(async () => {
    for (const thing of opened.splice(0).reverse()) await thing.close();
  });

  it("sends the exact body with its headers and reads the whole answer, status included", async () => {
    const server = await echoServer();
    const client = benchHttp(server.baseUrl);
    opened.push(server, client);
    const body = new TextEncoder().encode(JSON.stringify({ organizationId: "ö-org" }));
    const answer = await client.post("/public/v1/query/whoami", body, {
      "content-type": "application/json",
      "X-Stamp": "stamp-value",
    });
    expect(answer.status).toBe(200);
    expect(answer.ok).toBe(true);
    expect(await answer.json()).toEqual({
      method: "POST",
      url: "/public/v1/query/whoami",
      stamp: "stamp-value",
      length: String(body.byteLength),
      body: '{"organizationId":"ö-org"}',
    });
    const missing = await client.get("/missing");
    expect(missing.status).toBe(404);
    expect(missing.ok).toBe(false);
    expect(JSON.parse(await missing.text())).toMatchObject({ method: "GET", url: "/missing" });
  });

  it("keeps connections alive: a closed loop at concurrency 4 opens at most 4", async () => {
    const server = await echoServer();
    const client = benchHttp(server.baseUrl);
    opened.push(server, client);
    const result = await runLoad("echo", 4, 300, () => client.get("/healthz"));
    expect(result.errors).toBe(0);
    expect(result.requests).toBeGreaterThan(20);
    expect(server.connections()).toBeLessThanOrEqual(4);
    // The load generator's own CPU time is part of the figures it prints.
    expect(result.clientCpuMs).toBeGreaterThan(0);
  });

  it("counts a refused connection as an error of the run, not a crash", async () => {
    const server = await echoServer();
    const { baseUrl } = server;
    await server.close();
    const client = benchHttp(baseUrl);
    opened.push(client);
    const result = await runLoad("refused", 1, 100, () => client.get("/healthz"));
    expect(result.requests).toBe(0);
    expect(result.errors).toBeGreaterThan(0);
    expect(result.firstError).toContain("ECONNREFUSED");
  });
});
