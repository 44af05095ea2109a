import { describe, expect, it } from "vitest";
import { ApiError } from "../../errors";
import { mergedHeaders, toResponse } from "../answer";
import { readRawBody } from "../body";
import { apiJson } from "../handle";

const LIMIT = 16;
const headersOf = (entries: Record<string, string> = {}) => new Headers(entries);

async function refusal(read: Promise<unknown>): Promise<ApiError> {
  const error = await read.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe("answers as plain data", () => {
  it("merges header sets the way Headers would: lower-case names, the later value of a name winning", () => {
    expect(
      mergedHeaders(
        { "Cache-Control": "no-store", "X-Frame-Options": "DENY" },
        { "cache-control": "max-age=5" },
      ),
    ).toEqual({ "cache-control": "max-age=5", "x-frame-options": "DENY" });
  });

  it("gives an API answer one header per name, as its Response gives them", () => {
    const answer = apiJson(true, 429, { code: 8 }, "req-1", {
      "Retry-After": "3",
      "Content-Type": "text/plain",
    });
    const names = Object.keys(answer.headers);
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(names.length);
    const response = toResponse(answer);
    expect(response.status).toBe(429);
    expect(Object.fromEntries(response.headers)).toEqual(answer.headers);
    expect(answer.headers).toMatchObject({
      "retry-after": "3",
      "content-type": "text/plain",
      "x-request-id": "req-1",
      "x-frame-options": "DENY",
    });
    expect(answer.headers["strict-transport-security"]).toMatch(/^max-age=\d+/);
  });

  it("keeps the body of an answer byte for byte through its Response", async () => {
    const answer = apiJson(false, 200, { name: "zoë ✓", n: [1, 2] }, "req-2");
    expect(await toResponse(answer).text()).toBe(answer.body);
    expect(JSON.parse(answer.body)).toEqual({ name: "zoë ✓", n: [1, 2] });
  });
});

describe("a body already read off the socket", () => {
  it("is the pipeline's raw body, the same bytes", async () => {
    const bytes = new TextEncoder().encode('{"a":1}');
    expect(await readRawBody({ headers: headersOf(), bodyBytes: bytes }, LIMIT)).toEqual(bytes);
  });

  it("is refused with 413 past the limit, as a streamed body is", async () => {
    const over = new Uint8Array(LIMIT + 1);
    const read = await refusal(readRawBody({ headers: headersOf(), bodyBytes: over }, LIMIT));
    const streamed = await refusal(
      readRawBody(new Request("http://localhost/", { method: "POST", body: over }), LIMIT),
    );
    expect(read.reason).toBe("REQUEST_TOO_LARGE");
    expect(read.message).toBe(streamed.message);
    expect(await readRawBody({ headers: headersOf(), bodyBytes: new Uint8Array(LIMIT) }, LIMIT)).toHaveLength(
      LIMIT,
    );
  });

  it("is refused with 413 when its declared length is over the limit, whatever was read", async () => {
    const declared = headersOf({ "content-length": String(LIMIT + 1) });
    const error = await refusal(readRawBody({ headers: declared, bodyBytes: new Uint8Array(0) }, LIMIT));
    expect(error.reason).toBe("REQUEST_TOO_LARGE");
  });
});
