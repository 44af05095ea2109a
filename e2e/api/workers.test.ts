import fs from "node:fs";
import http from "node:http";
import { generateKeyPairSigner } from "@solana/kit";
import { parseEther } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../support/server";
import { sign } from "../support/signed";

/**
 * `latchkey start` with LATCHKEY_WORKERS=2. On PostgreSQL: two worker processes under one primary
 * share the port; the installation's local devnets run once, in the primary, so whichever worker
 * answers sees the same chain; per-IP limits count across both; SIGTERM drains both and exits 0
 * with no devnet left behind; a worker killed outright is replaced. On PGlite the same request is
 * refused with a log line and the one process serves alone — asserted here, not skipped.
 */

const PER_IP = 6;
const SOLANA = "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp";
const postgres = Boolean(process.env.DATABASE_URL);
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({
    command: "latchkey start",
    workers: 2,
    env: {
      LATCHKEY_RATE_LIMIT_QUERIES_PER_IP: String(PER_IP),
      // One window for the whole test: the budget does not refill halfway through.
      LATCHKEY_RATE_LIMIT_WINDOW_SECONDS: "3600",
    },
  });
  // Until each worker has answered once: a worker's first request loads the routes, seconds on a
  // busy machine, which the tests below should not count against their own timeouts.
  const deadline = Date.now() + 90_000;
  while ((await workerPids(4)).size < (postgres ? 2 : 1) && Date.now() < deadline);
}, 240_000);
afterAll(async () => server?.stop());

interface Reply {
  status: number;
  body: unknown;
}

/**
 * One TCP connection (the cluster hands connections, not requests, to workers): /healthz on it says
 * which process holds it, then `request` runs on that same connection.
 */
async function onOneConnection(request?: {
  path: string;
  body: string;
  headers?: Record<string, string>;
}): Promise<{ pid: number; reply?: Reply }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const { port } = new URL(server.baseUrl);
  const call = (method: string, path: string, body?: string, headers: Record<string, string> = {}) =>
    new Promise<Reply>((resolve, reject) => {
      const req = http.request(
        {
          host: "127.0.0.1",
          port,
          method,
          path,
          agent,
          headers: { "content-type": "application/json", ...headers },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () =>
            resolve({
              status: res.statusCode!,
              body: JSON.parse(Buffer.concat(chunks).toString() || "null"),
            }),
          );
        },
      );
      req.on("error", reject);
      // A worker just started answers its first request slowly, but it answers.
      req.setTimeout(30_000, () => req.destroy(new Error(`${method} ${path}: no answer in 30 s`)));
      req.end(body);
    });
  try {
    const health = await call("GET", "/healthz");
    const pid = (health.body as { pid: number }).pid;
    if (!request) return { pid };
    const reply = await call("POST", request.path, request.body, request.headers);
    return { pid, reply };
  } finally {
    agent.destroy();
  }
}

const rpc = (caip2: string, method: string, params: unknown[]) =>
  onOneConnection({ path: `/rpc/${caip2}`, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) });

function parentOf(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
}

/** Every process on the machine, with its parent and arguments. */
function processes(): { pid: number; parent: number; argv: string[] }[] {
  return fs
    .readdirSync("/proc")
    .filter((e) => /^\d+$/.test(e))
    .flatMap((e) => {
      try {
        const argv = fs.readFileSync(`/proc/${e}/cmdline`, "utf8").split("\0");
        return [{ pid: Number(e), parent: parentOf(Number(e)), argv }];
      } catch {
        return []; // exited meanwhile
      }
    });
}

/** The Anvil nodes, not their keeper shells (whose arguments name the binary too). */
function anvils(): { pid: number; parent: number }[] {
  return processes()
    .filter((p) => p.argv[0]!.endsWith("/anvil"))
    .map(({ pid, parent }) => ({ pid, parent }));
}

/** The worker pids seen over `n` fresh connections. */
async function workerPids(n: number): Promise<Set<number>> {
  const pids = new Set<number>();
  for (let i = 0; i < n; i++) pids.add((await onOneConnection()).pid);
  return pids;
}

describe("latchkey start with LATCHKEY_WORKERS=2", () => {
  it(
    postgres ? "serves from two worker processes under the primary" : "serves from the one process on PGlite",
    async () => {
      const pids = await workerPids(12);
      if (postgres) {
        expect(pids.size).toBe(2);
        for (const pid of pids) expect(parentOf(pid)).toBe(server.pid());
        expect(server.logs()).toContain("with 2 workers");
      } else {
        expect([...pids]).toEqual([server.pid()]);
        expect(server.logs()).toContain("LATCHKEY_WORKERS=2 ignored: PGlite");
      }
    },
  );

  it("shows one chain state whichever worker answers: funded through one, read through every one", async () => {
    const evm = privateKeyToAccount(generatePrivateKey()).address;
    const sol = (await generateKeyPairSigner()).address;
    const funded = await rpc("eip155:1", "latchkey_faucet", [
      evm,
      "eip155:1/slip44:60",
      parseEther("2").toString(),
    ]);
    expect(funded.reply?.body).toMatchObject({ result: { balance: parseEther("2").toString() } });
    const solFunded = await rpc(SOLANA, "latchkey_faucet", [sol, `${SOLANA}/slip44:501`, "5000000000"]);
    expect(solFunded.reply?.body).toMatchObject({ result: { balance: "5000000000" } });

    const readers = new Set<number>();
    for (let i = 0; i < 10; i++) {
      const balance = await rpc("eip155:1", "eth_getBalance", [evm, "latest"]);
      expect(balance.reply?.body).toMatchObject({ result: `0x${parseEther("2").toString(16)}` });
      const lamports = await rpc(SOLANA, "getBalance", [sol]);
      expect(lamports.reply?.body).toMatchObject({ result: { value: 5_000_000_000 } });
      readers.add(balance.pid).add(lamports.pid);
    }
    expect(readers.size).toBe(postgres ? 2 : 1);
    // Four faucet calls at once over fresh connections (both workers): each adds, none overwrites.
    const once = () => rpc("eip155:1", "latchkey_faucet", [evm, "native", parseEther("1").toString()]);
    await Promise.all([once(), once(), once(), once()]);
    const total = await rpc("eip155:1", "eth_getBalance", [evm, "latest"]);
    expect(total.reply?.body).toMatchObject({ result: `0x${parseEther("6").toString(16)}` });
    // One Anvil for eip155:1 in the whole installation, run (through its keeper) by the primary.
    const mine = anvils().filter((a) => parentOf(a.parent) === server.pid());
    expect(mine).toHaveLength(1);
    for (const pid of readers)
      expect(anvils().filter((a) => a.parent === pid || parentOf(a.parent) === pid)).toEqual(
        pid === server.pid() ? mine : [],
      );
  });

  it("stamps the socket's address in every worker: one per-IP budget, forged headers ignored", async () => {
    const answers: { pid: number; status: number; body: unknown }[] = [];
    for (let i = 0; i < PER_IP + 2; i++) {
      const signed = await sign(server.root, "/public/v1/query/whoami", {
        organizationId: server.root.organizationId,
      });
      const { pid, reply } = await onOneConnection({
        path: "/public/v1/query/whoami",
        body: signed.body,
        // Each request claims another address: counted by it, the budget would never run out.
        headers: {
          ...signed.headers,
          "x-latchkey-client-address": `203.0.113.${i}`,
          "x-forwarded-for": `198.51.100.${i}`,
        },
      });
      answers.push({ pid, status: reply!.status, body: reply!.body });
    }
    expect(answers.slice(0, PER_IP).map((a) => a.status)).toEqual(Array(PER_IP).fill(200));
    for (const refused of answers.slice(PER_IP)) {
      expect(refused.status).toBe(429);
      expect(JSON.stringify(refused.body)).toContain('"scope":"ip"');
    }
    expect(new Set(answers.map((a) => a.pid)).size).toBe(postgres ? 2 : 1);
  });

  it(postgres
    ? "replaces a worker that dies unexpectedly"
    : "has no worker to replace on PGlite: one process", async () => {
    if (!postgres) {
      const nodeChildren = processes().filter(
        (p) => p.parent === server.pid() && p.argv[0] === process.execPath,
      );
      expect(nodeChildren).toEqual([]);
      return;
    }
    const before = await workerPids(6);
    const [victim] = [...before];
    process.kill(victim!, "SIGKILL");
    // Until the primary has seen it die: a connection it handed to the dead worker meanwhile would
    // never be answered (node:cluster's round-robin hand-off is not taken back).
    while (!server.logs().includes("a worker stopped unexpectedly"))
      await new Promise((r) => setTimeout(r, 50));
    // Its replacement starts Next afresh: seconds on a busy machine.
    const deadline = Date.now() + 60_000;
    let replaced = 0;
    while (replaced === 0 && Date.now() < deadline) {
      const seen = await workerPids(6);
      replaced = [...seen].filter((p) => !before.has(p)).length;
      if (replaced === 0) await new Promise((r) => setTimeout(r, 500));
    }
    expect(replaced, server.logs().slice(-3000)).toBe(1);
    const after = await workerPids(8);
    expect(after.size).toBe(2);
    expect(after.has(victim!)).toBe(false);
  }, 150_000);

  it("exits 0 on SIGTERM, its workers and devnets gone with it", async () => {
    const workers = await workerPids(8);
    const devnets = anvils().filter((a) => parentOf(a.parent) === server.pid());
    expect(devnets.length).toBeGreaterThanOrEqual(1);
    expect(await server.kill("SIGTERM")).toEqual({ code: 0, signal: null });
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    for (const pid of [...workers, ...devnets.flatMap((d) => [d.pid, d.parent])]) {
      expect(alive(pid), `process ${pid} outlived the server`).toBe(false);
    }
    expect(server.logs()).not.toMatch(/stopped unexpectedly.*\n.*shutting/);
  }, 60_000);
});
