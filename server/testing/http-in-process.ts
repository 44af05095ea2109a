import http from "node:http";
import type { AddressInfo } from "node:net";
import { handleApiRequest } from "../api/handle";
import type { TestApp } from "./harness";

/**
 * The test app's API over real HTTP on a loopback port, so the official clients (@turnkey/http,
 * sdk-server) can talk to it without a Next.js build. Only /public/v1/{submit,query}/<path>.
 */
export async function serveOverHttp(t: TestApp): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const match = /^\/public\/v1\/(submit|query)\/([a-z0-9_]+)$/.exec(req.url ?? "");
    if (!match) {
      res.writeHead(404).end();
      return;
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === "string") headers.set(name, value);
    }
    const request = new Request(`http://localhost${req.url}`, {
      method: "POST",
      headers,
      body: Buffer.concat(chunks),
    });
    const response = await handleApiRequest(t.app, request, {
      kind: match[1] as "submit" | "query",
      path: match[2]!,
    });
    res.writeHead(response.status, Object.fromEntries(response.headers.entries()));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
