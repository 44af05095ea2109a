import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../support/server";
import { type ApiKey, type SignedRequest, sign, signActivity } from "../support/signed";

/**
 * `latchkey start` answers the API's submit and query paths and /healthz itself, without Next's
 * router (server/api/direct-routes.ts); `next start` answers them through the route files. A client
 * must not be able to tell which: the same requests get the same statuses, bodies and headers from
 * both, whatever the request's faults — and the variants the fast path leaves to Next still work.
 */

const METRICS_TOKEN = "direct-routes-metrics-token";
const MAX_BODY = 4096;
const env = {
  LATCHKEY_METRICS_TOKEN: METRICS_TOKEN,
  LATCHKEY_MAX_BODY_BYTES: String(MAX_BODY),
  // One trusted proxy: the client address is X-Forwarded-For's last entry, which both servers write
  // from the socket when the client sent none (the IP-allowlist check below reads it).
  LATCHKEY_TRUST_PROXY: "1",
};

let direct: RunningServer;
let routed: RunningServer;

beforeAll(async () => {
  [direct, routed] = await Promise.all([
    startServer({ command: "latchkey start", env }),
    startServer({ command: "next start", env }),
  ]);
}, 180_000);
afterAll(async () => Promise.all([direct?.stop(), routed?.stop()]));

interface Seen {
  status: number;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

/** The headers a client reads on an API answer (transport headers such as Date differ by nature). */
const HEADERS = [
  "content-type",
  "cache-control",
  "content-security-policy",
  "x-frame-options",
  "referrer-policy",
  "x-content-type-options",
  "cross-origin-opener-policy",
  "content-encoding",
];

async function call(server: RunningServer, path: string, init: RequestInit = {}): Promise<Seen> {
  const res = await fetch(`${server.baseUrl}${path}`, { redirect: "manual", ...init });
  const headers = Object.fromEntries(HEADERS.map((name) => [name, res.headers.get(name) ?? ""]));
  const text = await res.text();
  const json = (res.headers.get("content-type") ?? "").startsWith("application/json");
  return {
    status: res.status,
    headers,
    body: json ? (JSON.parse(text) as Record<string, unknown>) : { text },
  };
}

/** The same answer from both servers, but for what is each server's own (ids, keys, times). */
function expectSameAnswer(a: Seen, b: Seen, what: string) {
  expect(a.status, what).toBe(b.status);
  expect(a.headers, what).toEqual(b.headers);
  const mask = (body: unknown) =>
    JSON.stringify(body)
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "<id>")
      .replace(/"(createdAt|updatedAt)":\{[^}]*\}/g, '"$1":<time>')
      .replace(/[0-9a-f]{16,}/g, "<hex>")
      .replace(/\d{13}/g, "<ms>");
  expect(mask(a.body), what).toBe(mask(b.body));
}

async function both(path: string, build: (server: RunningServer) => Promise<RequestInit>, what: string) {
  const [a, b] = [
    await call(direct, path, await build(direct)),
    await call(routed, path, await build(routed)),
  ];
  expectSameAnswer(a, b, what);
  return a;
}

/** A signed request as fetch's init: its exact bytes and stamp. */
const asInit = (request: SignedRequest): RequestInit => ({
  method: "POST",
  headers: request.headers,
  body: request.body,
});
const signedInit = async (key: ApiKey, path: string, body: object) => asInit(await sign(key, path, body));
/** An unstamped `{}`: refused (or routed) before any stamp is looked for. */
const unstamped = async (): Promise<RequestInit> => ({ method: "POST", body: "{}" });

describe("the API's hot paths answered by `latchkey start` itself, as `next start` answers them", () => {
  it("answers a stamped query and a signed activity alike", async () => {
    const whoami = await both(
      "/public/v1/query/whoami",
      (s) => signedInit(s.root, "/public/v1/query/whoami", { organizationId: s.root.organizationId }),
      "whoami",
    );
    expect(whoami.status).toBe(200);
    expect(whoami.body.organizationId).toBe(direct.root.organizationId);
    expect(whoami.headers["cache-control"]).toBe("no-store, no-transform");
    // Answered whole, with its length (Next streams its answers in chunks of unknown length).
    const res = await fetch(`${direct.baseUrl}/healthz`);
    expect(Number(res.headers.get("content-length"))).toBe(Buffer.byteLength(await res.text()));

    const created = await both(
      "/public/v1/submit/create_users",
      async (s) => {
        const request = await signActivity(
          s.root,
          "create_users",
          "ACTIVITY_TYPE_CREATE_USERS_V4",
          s.root.organizationId,
          {
            users: [{ userName: "Dora", apiKeys: [], authenticators: [], oauthProviders: [] }],
          },
        );
        return asInit(request);
      },
      "create_users",
    );
    expect(created.status).toBe(200);
    expect((created.body.activity as { status: string }).status).toBe("ACTIVITY_STATUS_COMPLETED");
  });

  it("refuses the same faults with the same errors, naming the problem", async () => {
    const unsigned = await both("/public/v1/submit/create_users", unstamped, "no stamp");
    expect(unsigned.status).toBe(401);
    expect(JSON.stringify(unsigned.body)).toContain("SIGNATURE_MISSING");

    const unknown = await both("/public/v1/submit/no_such_activity", unstamped, "unknown path");
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("unknown submit path: /public/v1/submit/no_such_activity");

    const forged = await both(
      "/public/v1/query/whoami",
      async (s) => {
        const init = await signedInit(s.root, "/public/v1/query/whoami", {
          organizationId: s.root.organizationId,
        });
        return { ...init, body: JSON.stringify({ organizationId: s.root.organizationId, extra: 1 }) };
      },
      "a body changed after stamping",
    );
    expect(forged.status).toBe(401);

    const notJson = await both(
      "/public/v1/query/whoami",
      (s) => signedInit(s.root, "/public/v1/query/whoami", [1]),
      "an array body",
    );
    expect(notJson.status).toBe(400);
    expect(notJson.body.message).toBe("request body must be a JSON object");
  });

  it("refuses a body over LATCHKEY_MAX_BODY_BYTES with 413, and serves the next request", async () => {
    const huge = JSON.stringify({ organizationId: "x".repeat(MAX_BODY * 4) });
    const refused = await both(
      "/public/v1/query/whoami",
      async () => ({ method: "POST", body: huge }),
      "too large",
    );
    expect(refused.status).toBe(413);
    expect(refused.body.message).toBe(`request body exceeds the limit of ${MAX_BODY} bytes`);
    // Without a Content-Length the limit is found while reading: the same refusal.
    const streamed = await call(direct, "/public/v1/query/whoami", {
      method: "POST",
      body: new Blob([huge]).stream(),
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(413);
    const after = await call(direct, "/healthz");
    expect(after.status).toBe(200);
  });

  it("refuses a declared length over the limit unread, on a connection that stays open", async () => {
    // The whole body is sent before the answer is read, as a plain upload does: the 413 arrives
    // (no reset in its place) and the same connection then carries the next request.
    const body = "x".repeat(MAX_BODY * 64);
    const answers = await onOneConnection(direct, [
      `POST /public/v1/query/whoami HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
      "GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n",
    ]);
    expect(answers.map((a) => a.status)).toEqual([413, 200]);
    expect(answers[0]!.body).toContain(`request body exceeds the limit of ${MAX_BODY} bytes`);
  });

  it("builds nothing from the client's Host header: a malformed one is a request like any other", async () => {
    const [answer] = await onOneConnection(direct, [
      "POST /public/v1/submit/create_users HTTP/1.1\r\nHost: x:99999\r\nContent-Length: 2\r\n\r\n{}",
    ]);
    expect(answer!.status).toBe(401);
    expect(answer!.body).toContain("SIGNATURE_MISSING");
  });

  it("gives a client that sent no X-Forwarded-For its socket's address, as Next does", async () => {
    // Behind LATCHKEY_TRUST_PROXY=1 a direct client's address comes from the X-Forwarded-For the
    // server adds; an allowlist of this machine that refuses unknown addresses must let it in.
    for (const s of [direct, routed]) {
      const request = await signActivity(
        s.root,
        "set_ip_allowlist",
        "ACTIVITY_TYPE_SET_IP_ALLOWLIST",
        s.root.organizationId,
        {
          rules: [{ cidr: "127.0.0.1/32" }, { cidr: "::1/128" }],
          onEvaluationError: "DENY",
        },
      );
      const stored = await call(s, request.path, asInit(request));
      expect(stored.status, JSON.stringify(stored.body)).toBe(200);
    }
    const whoami = (headers: Record<string, string> = {}) =>
      both(
        "/public/v1/query/whoami",
        async (t) => {
          const init = await signedInit(t.root, "/public/v1/query/whoami", {
            organizationId: t.root.organizationId,
          });
          return { ...init, headers: { ...(init.headers as Record<string, string>), ...headers } };
        },
        `whoami ${JSON.stringify(headers)}`,
      );
    expect((await whoami()).status).toBe(200);
    const elsewhere = await whoami({ "x-forwarded-for": "203.0.113.9" });
    expect(elsewhere.status).toBe(403);
    expect(JSON.stringify(elsewhere.body)).toContain("203.0.113.9");
    for (const s of [direct, routed]) {
      const request = await signActivity(
        s.root,
        "remove_ip_allowlist",
        "ACTIVITY_TYPE_REMOVE_IP_ALLOWLIST",
        s.root.organizationId,
        {},
      );
      expect((await call(s, request.path, asInit(request))).status).toBe(200);
    }
  });

  it("counts a client that hangs up mid-body as 499 and goes on serving", async () => {
    const gone = async () => Number(/status="499"[^\n]* (\d+)/.exec(await metricsOf(direct))?.[1] ?? 0);
    const before = await gone();
    await hangUpMidBody(direct, "/public/v1/submit/create_users");
    await expect.poll(gone, { timeout: 10_000 }).toBe(before + 1);
    expect((await call(direct, "/healthz")).status).toBe(200);
  });

  it("answers /healthz alike, as JSON with the API's headers", async () => {
    const [a, b] = [await call(direct, "/healthz"), await call(routed, "/healthz")];
    expect(a.status).toBe(200);
    expect(a.body.status).toBe("ok");
    expect(a.headers).toEqual(b.headers);
    expect(a.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it("leaves to Next what needs its rules: a query string, a trailing slash, another method", async () => {
    const withQuery = await both("/public/v1/submit/create_users?x=1", unstamped, "query string");
    expect(withQuery.status).toBe(401);
    const slash = await call(direct, "/public/v1/submit/create_users/", { method: "POST", body: "{}" });
    expect(slash.status).toBe(308);
    const get = await call(direct, "/public/v1/submit/create_users");
    expect(get.status).toBe(405);
    const nested = await both("/public/v1/submit/a/b", unstamped, "nested path");
    expect(nested.status).toBe(404);
  });
});

async function metricsOf(server: RunningServer): Promise<string> {
  const res = await fetch(`${server.baseUrl}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(res.status).toBe(200);
  return (await res.text())
    .split("\n")
    .filter(
      (line) =>
        line.startsWith("latchkey_http_requests_total") && line.includes('path="/submit/create_users"'),
    )
    .join("\n");
}

/** Raw requests written one after another on one connection; each answer's status and body. */
function onOneConnection(
  server: RunningServer,
  requests: string[],
): Promise<{ status: number; body: string }[]> {
  const { port } = new URL(server.baseUrl);
  return new Promise((resolve, reject) => {
    const answers: { status: number; body: string }[] = [];
    let buffer = Buffer.alloc(0);
    const socket = net.connect(Number(port), "127.0.0.1", () => socket.write(requests[0]!));
    socket.on("data", (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        const end = buffer.indexOf("\r\n\r\n");
        if (end < 0) return;
        const head = buffer.subarray(0, end).toString();
        const length = Number(/content-length: *(\d+)/i.exec(head)?.[1] ?? 0);
        if (buffer.length < end + 4 + length) return;
        answers.push({
          status: Number(head.split(" ")[1]),
          body: buffer.subarray(end + 4, end + 4 + length).toString(),
        });
        buffer = buffer.subarray(end + 4 + length);
        if (answers.length === requests.length) {
          socket.end();
          resolve(answers);
          return;
        }
        socket.write(requests[answers.length]!);
      }
    });
    socket.once("error", reject);
    socket.once("close", () => resolve(answers));
  });
}

/** Send the headers and the start of a body, then close the connection, as a broken client does. */
function hangUpMidBody(server: RunningServer, path: string): Promise<void> {
  const { port } = new URL(server.baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), "127.0.0.1", () => {
      socket.write(`POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n`);
      socket.write('Content-Length: 1000\r\nX-Stamp: e30\r\n\r\n{"organizationId":"');
      setTimeout(() => socket.destroy(), 200);
    });
    socket.once("close", () => resolve());
    socket.once("error", reject);
  });
}
