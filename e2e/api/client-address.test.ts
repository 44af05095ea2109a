import { generateP256KeyPair } from "@turnkey/crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../support/server";
import { type Answer, type ApiKey, send, sign, signActivity } from "../support/signed";

/**
 * Per-IP limits under `latchkey start` with no proxy trusted (LATCHKEY_TRUST_PROXY unset): the
 * address counted is the socket's, which Latchkey's own HTTP server hands to the route handlers,
 * whatever the client writes in X-Latchkey-Client-Address or X-Forwarded-For.
 */

const PER_IP = 6;
let server: RunningServer;
let second: ApiKey;

beforeAll(async () => {
  server = await startServer({
    command: "latchkey start",
    env: {
      LATCHKEY_RATE_LIMIT_QUERIES_PER_IP: String(PER_IP),
      LATCHKEY_RATE_LIMIT_QUERIES_PER_KEY: "1000",
      // One window for the whole test: the budget does not refill halfway through.
      LATCHKEY_RATE_LIMIT_WINDOW_SECONDS: "3600",
    },
  });
  const pair = generateP256KeyPair();
  second = { publicKey: pair.publicKey, privateKey: pair.privateKey };
  const created = await send(
    server.baseUrl,
    await signActivity(
      server.root,
      "create_api_keys",
      "ACTIVITY_TYPE_CREATE_API_KEYS_V2",
      server.root.organizationId,
      {
        userId: server.root.userId,
        apiKeys: [{ apiKeyName: "second", publicKey: pair.publicKey, curveType: "API_KEY_CURVE_P256" }],
      },
    ),
  );
  expect(created.status).toBe(200);
}, 120_000);
afterAll(async () => server?.stop());

async function whoami(key: ApiKey, headers: Record<string, string> = {}): Promise<Answer> {
  const request = await sign(key, "/public/v1/query/whoami", { organizationId: server.root.organizationId });
  return send(server.baseUrl, { ...request, headers: { ...request.headers, ...headers } });
}

function expectRefusedPerIp(answer: Answer) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(429);
  const text = JSON.stringify(answer.body);
  expect(text).toContain("RATE_LIMITED");
  expect(text).toContain('"scope":"ip"');
}

describe("per-IP limits under latchkey start", () => {
  it("refuses one address its budget's next query, whichever API key stamps it", async () => {
    for (let i = 0; i < PER_IP; i++) {
      const answer = await whoami(i % 2 === 0 ? server.root : second);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    }
    expectRefusedPerIp(await whoami(server.root));
    expectRefusedPerIp(await whoami(second));
  }, 60_000);

  it("counts the socket's address, not one the client writes in a header", async () => {
    // Each of these would name a fresh budget if the server believed it.
    const forgeries: Record<string, string>[] = [
      { "x-latchkey-client-address": "203.0.113.7" },
      { "X-Latchkey-Client-Address": "2001:db8::7" },
      { "x-forwarded-for": "198.51.100.9" },
      { "x-forwarded-for": "198.51.100.10", "x-latchkey-client-address": "198.51.100.10" },
    ];
    for (const [i, headers] of forgeries.entries()) {
      expectRefusedPerIp(await whoami(i % 2 === 0 ? second : server.root, headers));
    }
  }, 60_000);
});
