import { ApiError, invalid } from "../errors";

/** Why a request ended before its body did: the client went away; no fault of ours, no answer heard. */
export const CLIENT_CLOSED = "CLIENT_CLOSED_REQUEST";

const clientClosed = () =>
  new ApiError(
    "INVALID_ARGUMENT",
    CLIENT_CLOSED,
    "the request body ended early: the client closed the connection",
  );

/**
 * A request whose body `latchkey start` already read off the socket (direct-routes.ts): its bytes,
 * without a web stream to read them from again (answer.ts says what such a stream costs).
 */
export interface ReadRequest {
  readonly headers: Headers;
  readonly bodyBytes: Uint8Array;
}

/** What the API's pipeline reads of a request: its headers and its raw body. */
export type ApiRequest = Request | ReadRequest;

/** Read the raw body once, refusing more than `limit` bytes without buffering them. */
export async function readRawBody(request: ApiRequest, limit: number): Promise<Uint8Array> {
  const tooLarge = () =>
    new ApiError(
      "PAYLOAD_TOO_LARGE",
      "REQUEST_TOO_LARGE",
      `request body exceeds the limit of ${limit} bytes`,
    );
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  if ("bodyBytes" in request) {
    if (request.bodyBytes.byteLength > limit) throw tooLarge();
    return request.bodyBytes;
  }
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read().catch(() => {
      // The stream failed under us: the client closed the connection (or it broke) mid-body.
      throw clientClosed();
    });
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/** The body as a JSON object; anything else is a 400 that says what was wrong. */
export function parseJsonObject(raw: Uint8Array): { text: string; value: Record<string, unknown> } {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(raw);
  } catch {
    throw invalid("request body is not valid UTF-8");
  }
  if (text.length === 0) throw invalid("request body is empty; send a JSON object");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw invalid(`request body is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw invalid("request body must be a JSON object");
  }
  rejectUnstorableStrings(value);
  return { text, value: value as Record<string, unknown> };
}

/** Why PostgreSQL could not store this string, or undefined when it can. */
function unstorable(text: string): string | undefined {
  if (text.includes("\0")) return "contains the NUL character (\\u0000)";
  // JSON.parse accepts "\ud800" alone; text and jsonb columns refuse it.
  if (!text.isWellFormed()) return "is not well-formed Unicode (a lone UTF-16 surrogate such as \\ud800)";
  return undefined;
}

/**
 * PostgreSQL text cannot hold U+0000 nor a lone surrogate, so a string with one would fail deep in
 * a write: refuse it here, naming where it is. Iterative, because bodies may nest deeper than the
 * call stack.
 */
function rejectUnstorableStrings(root: object): void {
  const stack: [unknown, string][] = [[root, ""]];
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    if (typeof value === "string") {
      const problem = unstorable(value);
      if (problem) throw invalid(`${path || "a value"} ${problem}`, path);
    } else if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) stack.push([item, `${path}[${i}]`]);
    } else if (value && typeof value === "object") {
      for (const [key, item] of Object.entries(value)) {
        const field = path ? `${path}.${key}` : key;
        const problem = unstorable(key);
        if (problem) throw invalid(`a field name in ${path || "the body"} ${problem}`, path);
        stack.push([item, field]);
      }
    }
  }
}
