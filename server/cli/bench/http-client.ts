import http from "node:http";

/** What the load generator reads of an answer: the part of fetch's Response it uses. */
export interface BenchAnswer {
  status: number;
  ok: boolean;
  text(): Promise<string>;
  json(): Promise<unknown>;
}

export interface BenchHttp {
  get(path: string): Promise<BenchAnswer>;
  post(path: string, body: Uint8Array, headers: Record<string, string>): Promise<BenchAnswer>;
  /** Close the kept-alive connections (the server's stop would otherwise wait for them to idle out). */
  close(): void;
}

/**
 * The load generator's HTTP client: node:http over kept-alive connections, one per concurrent
 * request. It shares the two cores with the server and PostgreSQL, so what it spends per request is
 * taken from what it measures: fetch (undici) spent about 150 µs more CPU per request than this on
 * the same requests (docs/scaling.md, tenth pass), a twentieth of a signed activity's machine time.
 * The answer is read whole before it resolves, as the bench's closed loop reads every answer.
 */
export function benchHttp(baseUrl: string): BenchHttp {
  const origin = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true });
  const send = (method: string, path: string, body?: Uint8Array, headers: Record<string, string> = {}) =>
    new Promise<BenchAnswer>((resolve, reject) => {
      const request = http.request(
        {
          host: origin.hostname,
          port: origin.port,
          method,
          path,
          agent,
          headers: body ? { ...headers, "content-length": String(body.byteLength) } : headers,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("error", reject);
          response.on("end", () => {
            const text = Buffer.concat(chunks).toString("utf8");
            const status = response.statusCode ?? 0;
            resolve({
              status,
              ok: status >= 200 && status < 300,
              text: async () => text,
              json: async () => JSON.parse(text) as unknown,
            });
          });
        },
      );
      request.on("error", reject);
      request.end(body);
    });
  return {
    get: (path) => send("GET", path),
    post: (path, body, headers) => send("POST", path, body, headers),
    close: () => agent.destroy(),
  };
}
