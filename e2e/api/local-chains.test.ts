import { createPublicClient, createWalletClient, http, parseEther } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { base } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../support/server";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.stop());

describe("the started server's local EVM devnet at /rpc/eip155:8453", () => {
  it("is a JSON-RPC endpoint viem uses over plain HTTP: faucet, send, receipt, balances", async () => {
    const url = `${server.baseUrl}/rpc/eip155:8453`;
    const health = (await (await fetch(`${server.baseUrl}/healthz`)).json()) as {
      chains: { caip2: string; local: boolean }[];
    };
    expect(health.chains.find((c) => c.caip2 === "eip155:8453")?.local).toBe(true);

    const account = privateKeyToAccount(generatePrivateKey());
    const faucet = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "latchkey_faucet",
        params: [account.address, "eip155:8453/slip44:60", parseEther("1").toString()],
      }),
    });
    expect(await faucet.json()).toEqual({
      jsonrpc: "2.0",
      id: 1,
      result: { balance: parseEther("1").toString() },
    });

    const publicClient = createPublicClient({ chain: base, transport: http(url) });
    const wallet = createWalletClient({ account, chain: base, transport: http(url) });
    expect(await publicClient.getChainId()).toBe(8453);
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const hash = await wallet.sendTransaction({ to, value: parseEther("0.25") });
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 100 });
    expect(receipt.status).toBe("success");
    expect(await publicClient.getBalance({ address: to })).toBe(parseEther("0.25"));
  });
});
