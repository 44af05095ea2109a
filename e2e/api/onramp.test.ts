import http from "node:http";
import type { AddressInfo } from "node:net";
import { encryptOnRampSecret } from "@turnkey/crypto";
import { Turnkey } from "@turnkey/sdk-server";
import { createPublicClient, http as viemHttp } from "viem";
import { mainnet } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../support/server";

/**
 * The fiat on-ramp through @turnkey/sdk-server against a started Latchkey: a sandbox purchase paid
 * on the checkout page's form endpoint, moved along by the server's job worker, the ETH read back
 * with viem over /rpc; then, with a MoonPay credential, `refresh` reaching a local fake MoonPay.
 */
let fake: http.Server;
let moonpayStatus = "pending";
const fakeCalls: string[] = [];
let server: RunningServer;
let client: ReturnType<Turnkey["apiClient"]>;

beforeAll(async () => {
  fake = http.createServer((req, res) => {
    fakeCalls.push(req.url ?? "");
    res
      .writeHead(200, { "content-type": "application/json" })
      .end(JSON.stringify([{ id: "mp-9", status: moonpayStatus, createdAt: "2025-01-01T00:00:00Z" }]));
  });
  await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve));
  server = await startServer({
    env: {
      LATCHKEY_ONRAMP_SANDBOX_STEP_MS: "200",
      LATCHKEY_MOONPAY_API_URL: `http://127.0.0.1:${(fake.address() as AddressInfo).port}`,
    },
  });
  client = new Turnkey({
    apiBaseUrl: server.baseUrl,
    apiPublicKey: server.root.publicKey,
    apiPrivateKey: server.root.privateKey,
    defaultOrganizationId: server.root.organizationId,
    activityPoller: { intervalMs: 50, numRetries: 2 },
  }).apiClient();
});
afterAll(async () => {
  await server?.stop();
  fake?.closeAllConnections();
  await new Promise<void>((resolve) => fake?.close(() => resolve()));
});

describe("fiat on-ramp through @turnkey/sdk-server", () => {
  it("a sandbox purchase reaches COMPLETED and the ETH arrives on the local chain", async () => {
    const wallet = "0x4444444444444444444444444444444444444444";
    const started = await client.initFiatOnRamp({
      onrampProvider: "FIAT_ON_RAMP_PROVIDER_COINBASE",
      walletAddress: wallet,
      network: "FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_ETHEREUM",
      cryptoCurrencyCode: "FIAT_ON_RAMP_CRYPTO_CURRENCY_ETH",
      fiatCurrencyAmount: "90",
    });
    const status = () => client.getOnRampTransactionStatus({ transactionId: started.onRampTransactionId });
    expect(await status()).toMatchObject({ transactionStatus: "CREATED" });

    const checkout = await fetch(started.onRampUrl);
    expect(checkout.status).toBe(200);
    expect(await checkout.text()).toContain("Sandbox checkout");
    const token = started.onRampUrl.split("/").at(-1)!;
    const paid = await fetch(`${server.baseUrl}/api/onramp/checkout/${token}`, {
      method: "POST",
      body: new URLSearchParams({ amount: "90" }),
      redirect: "manual",
    });
    expect(paid.status).toBe(303);

    const deadline = Date.now() + 30_000;
    let last = "";
    while (Date.now() < deadline && last !== "COMPLETED") {
      last = (await status()).transactionStatus;
      if (last !== "COMPLETED") await new Promise((r) => setTimeout(r, 100));
    }
    expect(last).toBe("COMPLETED");
    const viem = createPublicClient({
      chain: mainnet,
      transport: viemHttp(`${server.baseUrl}/rpc/eip155:1`),
    });
    expect(await viem.getBalance({ address: wallet })).toBe(30_000_000_000_000_000n); // 90 USD at ETH=3000
  });

  it("refresh asks MoonPay (a local fake) and reports its status; another organization's id is refused", async () => {
    // A Latchkey extension, through the SDK's generic signed request.
    const key = (await client.request("/public/v1/query/get_on_ramp_encryption_key", {
      organizationId: server.root.organizationId,
    })) as { publicKey: string };
    await client.createFiatOnRampCredential({
      onrampProvider: "FIAT_ON_RAMP_PROVIDER_MOONPAY",
      publishableApiKey: "pk_test_e2e",
      encryptedSecretApiKey: encryptOnRampSecret("sk_test_e2e", key.publicKey),
    });
    const started = await client.initFiatOnRamp({
      onrampProvider: "FIAT_ON_RAMP_PROVIDER_MOONPAY",
      walletAddress: "0x5555555555555555555555555555555555555555",
      network: "FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_BASE",
      cryptoCurrencyCode: "FIAT_ON_RAMP_CRYPTO_CURRENCY_USDC",
    });
    expect(new URL(started.onRampUrl).host).toBe("buy.moonpay.com");
    const transactionId = started.onRampTransactionId;
    expect(await client.getOnRampTransactionStatus({ transactionId })).toEqual({
      transactionStatus: "CREATED",
    });
    expect(await client.getOnRampTransactionStatus({ transactionId, refresh: true })).toEqual({
      transactionStatus: "PENDING",
    });
    moonpayStatus = "completed";
    expect(await client.getOnRampTransactionStatus({ transactionId, refresh: true })).toEqual({
      transactionStatus: "COMPLETED",
    });
    expect(fakeCalls.at(-1)).toBe(`/v1/transactions/ext/${transactionId}?apiKey=pk_test_e2e`);

    await expect(
      client.getOnRampTransactionStatus({ transactionId: "0190f000-0000-7000-8000-000000000000" }),
    ).rejects.toThrow(/on-ramp transaction not found/);
  });
});
