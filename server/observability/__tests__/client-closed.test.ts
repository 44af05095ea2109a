import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { handleApiRequest } from "../../api/handle";
import { startTestApp, type TestApp } from "../../testing/harness";
import { createLogger } from "../logger";

/** Every line the application logs, parsed. */
const lines: Record<string, unknown>[] = [];
const capture = { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) };

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ logger: createLogger("debug", capture) });
});
afterAll(async () => t?.close());

/** A request whose client sends the start of a body and then hangs up, as a broken connection does. */
function abandonedRequest(): Request {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"organizationId":"'));
      controller.error(new TypeError("terminated"));
    },
  });
  return new Request("http://localhost/public/v1/submit/create_users", {
    method: "POST",
    headers: { "content-type": "application/json", "X-Stamp": "e30" },
    body,
    duplex: "half",
  } as RequestInit);
}

const countOf = async (status: string) => {
  const metric = await t.app.metrics.requests.get();
  return metric.values
    .filter((v) => v.labels.path === "/submit/create_users" && v.labels.status === status)
    .reduce((sum, v) => sum + v.value, 0);
};

describe("a client that closes the connection mid-body", () => {
  it("is the client going away, not our fault: no error line, counted apart as 499", async () => {
    const from = lines.length;
    const before = { gone: await countOf("499"), failed: await countOf("500") };
    for (let i = 0; i < 20; i++) {
      const res = await handleApiRequest(t.app, abandonedRequest(), { kind: "submit", path: "create_users" });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(/client closed the connection/);
    }
    const logged = lines.slice(from);
    expect(logged.filter((l) => (l.level as number) >= 50)).toEqual([]);
    expect(logged.filter((l) => l.msg === "client closed the request")).toHaveLength(20);
    expect(logged.every((l) => l.status !== 500)).toBe(true);
    expect(await countOf("499")).toBe(before.gone + 20);
    expect(await countOf("500")).toBe(before.failed);
  });
});
