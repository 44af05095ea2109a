import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { createPublicClient, createWalletClient, parseEther } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { mainnet } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { handleRpcRequest } from "../../api/rpc";
import { startTestApp, type TestApp } from "../../testing/harness";
import { createChains } from "../chains";
import { startAnvil } from "../devnets/anvil";
import { jsonRpcClient } from "../json-rpc";
import { routeTransport, rpcRoute } from "./rpc-scene";

const silent = pino({ level: "silent" });
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const rpc = (caip2: string, body: unknown) => rpcRoute(t, caip2, body);
const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "latchkey-devnet-"));

describe("/rpc/eip155:1: the local EVM devnet as JSON-RPC", () => {
  it("answers standard calls with its chain id, and batches", async () => {
    const one = await rpc("eip155:1", { jsonrpc: "2.0", id: 7, method: "eth_chainId", params: [] });
    expect(one).toEqual({ status: 200, body: { jsonrpc: "2.0", id: 7, result: "0x1" } });
    const batch = await rpc("eip155:8453", [
      { jsonrpc: "2.0", id: 1, method: "eth_chainId" },
      { jsonrpc: "2.0", id: 2, method: "net_version" },
    ]);
    expect(batch.body.map((r) => r.result)).toEqual(["0x2105", "8453"]);
  });

  it("funds an address with latchkey_faucet, and viem sends ETH that lands", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const funded = await rpc("eip155:1", {
      jsonrpc: "2.0",
      id: 1,
      method: "latchkey_faucet",
      params: [account.address, "native", parseEther("2").toString()],
    });
    expect(funded.body.result).toEqual({ balance: parseEther("2").toString() });
    const publicClient = createPublicClient({ chain: mainnet, transport: routeTransport(t, "eip155:1") });
    const wallet = createWalletClient({ account, chain: mainnet, transport: routeTransport(t, "eip155:1") });
    const hash = await wallet.sendTransaction({ to, value: parseEther("0.5") });
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    expect(receipt.status).toBe("success");
    expect(await publicClient.getBalance({ address: to })).toBe(parseEther("0.5"));
    const left = await publicClient.getBalance({ address: account.address });
    expect(left).toBeLessThan(parseEther("1.5"));
    expect(left).toBeGreaterThan(parseEther("1.49"));
  });

  it("refuses bad faucet input and unknown or non-local chains with JSON-RPC errors, never a 500", async () => {
    const call = (params: unknown) =>
      rpc("eip155:1", { jsonrpc: "2.0", id: 3, method: "latchkey_faucet", params });
    const address = privateKeyToAccount(generatePrivateKey()).address;
    for (const [params, says] of [
      [[address, "native"], /params are \[address/],
      [["0x1234", "native", "1"], /20-byte hex address/],
      [[address, "eip155:1/erc20:0xdead", "1"], /asset must be one of native, eip155:1\/slip44:60/],
      [[address, "native", "-5"], /base units/],
      [[address, "native", "0"], /between 1 and/],
    ] as const) {
      const res = await call(params);
      expect(res.status).toBe(200);
      expect(res.body.error?.code).toBe(-32602);
      expect(res.body.error?.message).toMatch(says);
    }
    expect((await rpc("eip155:999", { jsonrpc: "2.0", id: 1, method: "eth_chainId" })).status).toBe(404);
    const garbage = await handleRpcRequest(
      t.app,
      new Request("http://localhost/rpc/eip155:1", { method: "POST", body: "{not json" }),
      "eip155:1",
    );
    expect(garbage.status).toBe(400);
    const notAnAnvilMethod = await rpc("eip155:1", { jsonrpc: "2.0", id: 4, method: "no_suchMethod" });
    expect(notAnAnvilMethod.body.error?.code).toBeTypeOf("number");
  });

  it("does not serve a chain configured with a real RPC URL", async () => {
    const configured = createChains({
      rpcUrls: { "eip155:1": "http://127.0.0.1:9/rpc" },
      dataDir: tempDir(),
      logger: silent,
    });
    const app = { ...t.app, chains: configured };
    const res = await handleRpcRequest(
      app,
      new Request("http://localhost/rpc/eip155:1", { method: "POST", body: "{}" }),
      "eip155:1",
    );
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(
      /local devnets only/,
    );
    // The adapter reports an unreachable node plainly, naming no URL path or key.
    await expect((await configured.rpc("eip155:1")).call("eth_chainId")).rejects.toThrow(
      /eth_chainId to http:\/\/127\.0\.0\.1:9: /,
    );
    await configured.close();
  });
});

describe("devnet state across restarts", () => {
  it("keeps balances after a clean restart (state dumped on stop)", async () => {
    const dataDir = tempDir();
    const address = privateKeyToAccount(generatePrivateKey()).address;
    const first = createChains({ rpcUrls: {}, dataDir, logger: silent });
    await (await first.rpc("eip155:137")).call("anvil_setBalance", [address, "0x1234"]);
    await first.close();
    const second = createChains({ rpcUrls: {}, dataDir, logger: silent });
    expect(await (await second.rpc("eip155:137")).call("eth_getBalance", [address, "latest"])).toBe("0x1234");
    await second.close();
  });

  it("is restarted by its supervisor after kill -9, from the last periodic dump", async () => {
    const devnet = await startAnvil({
      chainId: 84532,
      stateDir: tempDir(),
      logger: silent,
      stateIntervalSeconds: 1,
    });
    const address = privateKeyToAccount(generatePrivateKey()).address;
    await jsonRpcClient(devnet.url()).call("anvil_setBalance", [address, "0xabcdef"]);
    await new Promise((r) => setTimeout(r, 2_500)); // at least one periodic dump
    const killed = devnet.pid();
    process.kill(killed!, "SIGKILL");
    await expect.poll(() => devnet.pid(), { timeout: 10_000 }).not.toBe(killed);
    await devnet.ready();
    const client = jsonRpcClient(devnet.url());
    expect(await client.call("eth_chainId")).toBe("0x14a34");
    expect(await client.call("eth_getBalance", [address, "latest"])).toBe("0xabcdef");
    await devnet.stop();
  });
});

describe("a devnet never outlives the server", () => {
  it("stops (state dumped) when the process that started it is killed with -9", async () => {
    const stateDir = tempDir();
    const script = `
      import pino from "pino";
      import { startAnvil } from ${JSON.stringify(path.resolve(import.meta.dirname, "../devnets/anvil.ts"))};
      const devnet = await startAnvil({ chainId: 1, stateDir: ${JSON.stringify(stateDir)}, logger: pino({ level: "silent" }) });
      console.log("pid " + devnet.pid());
      setInterval(() => {}, 1000);
    `;
    const { spawn } = await import("node:child_process");
    const server = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    const anvilPid = await new Promise<number>((resolve, reject) => {
      server.stdout.on("data", (d: Buffer) => {
        const m = /pid (\d+)/.exec(d.toString());
        if (m) resolve(Number(m[1]));
      });
      server.on("exit", (code) => reject(new Error(`the test server exited with ${code}`)));
    });
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    expect(alive(anvilPid)).toBe(true);
    server.kill("SIGKILL");
    await expect.poll(() => alive(anvilPid), { timeout: 10_000 }).toBe(false);
    // It went down through SIGTERM, so it wrote its state on the way out.
    expect(fs.existsSync(path.join(stateDir, "state.json"))).toBe(true);
  });
});
