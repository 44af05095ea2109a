import { parseJsonExact, stringifyJsonExact } from "./json-exact";

/** A JSON-RPC 2.0 error the node answered with: the request reached it and it said no. */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = "RpcError";
  }
}

/** The node could not be asked: unreachable, timed out, or it answered something that is not JSON-RPC. */
export class RpcUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RpcUnavailable";
  }
}

/*
 * Next.js may bundle this module more than once (the context is built in the start-up bundle, routes
 * in theirs), so errors coming out of the AppContext are recognised by name, not by instanceof.
 */
export const isRpcError = (error: unknown): error is RpcError =>
  error instanceof Error && error.name === "RpcError";
export const isRpcUnavailable = (error: unknown): error is RpcUnavailable =>
  error instanceof Error && error.name === "RpcUnavailable";

export interface JsonRpcClient {
  readonly url: string;
  call<T = unknown>(method: string, params?: unknown[] | Record<string, unknown>): Promise<T>;
}

let nextId = 1;

/** JSON-RPC 2.0 over HTTP POST with a deadline: the one way Latchkey talks to any chain's node. */
export function jsonRpcClient(url: string, options: { timeoutMs?: number } = {}): JsonRpcClient {
  const timeoutMs = options.timeoutMs ?? 15_000;
  return {
    url,
    async call<T>(method: string, params: unknown[] | Record<string, unknown> = []): Promise<T> {
      const id = nextId++;
      let response: Response;
      try {
        response = await fetch(url, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: stringifyJsonExact({ jsonrpc: "2.0", id, method, params }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const why =
          error instanceof Error && error.name === "TimeoutError"
            ? `no answer in ${timeoutMs} ms`
            : String(error);
        throw new RpcUnavailable(`${method} to ${redact(url)}: ${why}`);
      }
      const text = await response.text();
      let body: { result?: T; error?: { code?: unknown; message?: unknown; data?: unknown } };
      try {
        body = parseJsonExact(text) as typeof body;
      } catch {
        throw new RpcUnavailable(`${method} to ${redact(url)}: HTTP ${response.status}, not JSON`);
      }
      if (body && typeof body === "object" && body.error) {
        const { code, message, data } = body.error;
        throw new RpcError(Number(code ?? -32603), String(message ?? "error"), data);
      }
      if (!body || typeof body !== "object" || !("result" in body)) {
        throw new RpcUnavailable(`${method} to ${redact(url)}: HTTP ${response.status}, no result`);
      }
      return body.result as T;
    },
  };
}

/** A node URL for messages: providers put API keys in paths and queries, so only the origin is shown. */
export function redact(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return "the node";
  }
}
