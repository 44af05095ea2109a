import http from "node:http";
import type { AddressInfo } from "node:net";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runDueJobs } from "../../jobs/worker";
import { type SendScene, sendScene } from "../../sends/__tests__/send-scene";
import { SEND_JOB_HANDLERS } from "../../sends/jobs";
import { startTestApp, type TestApp } from "../../testing/harness";
import { type AnvilDevnet, startAnvil } from "../devnets/anvil";

/**
 * Nodes that misbehave, as tiny real HTTP servers configured through LATCHKEY_RPC_URLS: every way
 * gives the caller a clear answer (a 503 naming the chain, a status saying what is retried, a
 * final FAILED) — never a 500, never a hang.
 */

type Misbehaviour = (req: http.IncomingMessage, res: http.ServerResponse) => void;
const MISBEHAVIOURS: Record<string, [string, Misbehaviour]> = {
  // caip2 → [what it does, how]
  "eip155:8453": ["never answers", () => {}],
  "eip155:42161": ["answers HTML", (_q, r) => r.writeHead(200).end("<html>gateway</html>")],
  "eip155:137": ["answers HTTP 500", (_q, r) => r.writeHead(500).end("Internal Server Error")],
  "eip155:11155111": [
    "answers JSON that is not JSON-RPC",
    (_q, r) => r.writeHead(200, { "content-type": "application/json" }).end('{"hello":"world"}'),
  ],
  "eip155:84532": [
    "answers results that are not quantities",
    (_q, r) => r.writeHead(200).end('{"jsonrpc":"2.0","id":1,"result":"banana"}'),
  ],
};
const REFUSED = "eip155:1"; // a port nothing listens on

const servers: http.Server[] = [];
let t: TestApp;
let urls: Record<string, string>;

async function serve(handler: Misbehaviour): Promise<string> {
  const server = http.createServer((req, res) => req.resume().on("end", () => handler(req, res)));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/rpc/secret-key`;
}

beforeAll(async () => {
  urls = { [REFUSED]: "http://127.0.0.1:9/rpc" };
  for (const [caip2, [, handler]] of Object.entries(MISBEHAVIOURS)) urls[caip2] = await serve(handler);
  t = await startTestApp({
    env: {
      LATCHKEY_RPC_URLS: Object.entries(urls)
        .map(([c, u]) => `${c}=${u}`)
        .join(","),
      LATCHKEY_RPC_TIMEOUT_MS: "300",
    },
  });
});
afterAll(async () => {
  await t?.close();
  for (const server of servers) {
    server.closeAllConnections();
    server.close();
  }
});

const CASES = [
  ...Object.entries(MISBEHAVIOURS).map(([c, [what]]) => [c, what]),
  [REFUSED, "refuses connections"],
];

describe.each(CASES)("a node at %s that %s", (caip2) => {
  let s: SendScene;
  beforeAll(async () => {
    s = await sendScene(t, caip2);
  });

  it("makes get_nonces and get_wallet_address_balances answer 503 naming the chain, not the URL's secret", async () => {
    for (const [path, body] of [
      ["get_nonces", { organizationId: s.org.organizationId, address: s.from, caip2, nonce: true }],
      ["get_wallet_address_balances", { organizationId: s.org.organizationId, address: s.from, caip2 }],
    ] as const) {
      const res = await t.call<{ message: string }>("query", path, body, s.org.key);
      expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(503);
      expect(res.body.message).toContain(`${caip2} cannot be reached`);
      expect(res.body.message).not.toContain("secret-key");
    }
  });

  it("keeps an eth_send_transaction PENDING with the error it retries, then FAILED after its attempts", async () => {
    const id = await s.sendId({ calls: [{ to: s.from, value: "1" }] });
    await runDueJobs(t.app, SEND_JOB_HANDLERS);
    const retrying = await s.status(id);
    expect(retrying.txStatus).toBe("PENDING");
    expect(retrying.txError).toMatch(/^retrying: eth_getTransactionCount to http:\/\/127\.0\.0\.1:\d+: /);
    // Backoff doubles up to minutes: move the clock past each wait.
    const failed = await s.settle(id, { stepMs: 300_000, rounds: 12 });
    expect(failed.txStatus).toBe("FAILED");
    expect(failed.txError).toMatch(/^gave up after 10 attempts: .*; nothing was broadcast$/);
  });
});

describe("the JSON-RPC adapter pointed at a local devnet's URL", () => {
  let devnet: AnvilDevnet;
  let viaUrl: TestApp;
  beforeAll(async () => {
    devnet = await startAnvil({
      chainId: 1,
      stateDir: `${t.app.config.dataDir}/standalone`,
      logger: pino({ level: "silent" }),
    });
    viaUrl = await startTestApp({ env: { LATCHKEY_RPC_URLS: `eip155:1=${devnet.url()}` } });
  });
  afterAll(async () => {
    await viaUrl?.close();
    await devnet?.stop();
  });

  it("sends, follows and reads exactly as the embedded path does", async () => {
    expect(viaUrl.app.chains.isLocal("eip155:1")).toBe(false);
    const s = await sendScene(viaUrl, "eip155:1");
    await (await viaUrl.app.chains.rpc("eip155:1")).call("anvil_setBalance", [s.from, "0xde0b6b3a7640000"]);
    const id = await s.sendId({
      calls: [{ to: "0x000000000000000000000000000000000000dEaD", value: "1000" }],
    });
    const done = await s.settle(id);
    expect(done.txStatus).toBe("COMPLETED");
    const nonces = await viaUrl.call<{ nonce: string }>(
      "query",
      "get_nonces",
      { organizationId: s.org.organizationId, address: s.from, caip2: "eip155:1", nonce: true },
      s.org.key,
    );
    expect(nonces.body).toEqual({ nonce: "1" });
    const receipt = await (await viaUrl.app.chains.rpc("eip155:1")).call<{ status: string }>(
      "eth_getTransactionReceipt",
      [done.eth!.txHash],
    );
    expect(receipt.status).toBe("0x1");
  });
});
