import { ApiError, invalid } from "../errors";

/** Read the raw body once, refusing more than `limit` bytes without buffering them. */
export async function readRawBody(request: Request, limit: number): Promise<Uint8Array> {
  const tooLarge = () =>
    new ApiError(
      "PAYLOAD_TOO_LARGE",
      "REQUEST_TOO_LARGE",
      `request body exceeds the limit of ${limit} bytes`,
    );
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
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
  rejectNulCharacters(value);
  return { text, value: value as Record<string, unknown> };
}

/**
 * PostgreSQL text cannot hold U+0000, so a string with one would fail deep in a write: refuse it
 * here, naming where it is. Iterative, because bodies may nest deeper than the call stack.
 */
function rejectNulCharacters(root: object): void {
  const stack: [unknown, string][] = [[root, ""]];
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    if (typeof value === "string") {
      if (value.includes("\0"))
        throw invalid(`${path || "a value"} contains the NUL character (\\u0000)`, path);
    } else if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) stack.push([item, `${path}[${i}]`]);
    } else if (value && typeof value === "object") {
      for (const [key, item] of Object.entries(value)) {
        const field = path ? `${path}.${key}` : key;
        if (key.includes("\0"))
          throw invalid(`a field name in ${path || "the body"} contains the NUL character`, path);
        stack.push([item, field]);
      }
    }
  }
}
