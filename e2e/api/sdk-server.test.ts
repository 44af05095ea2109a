import { generateP256KeyPair } from "@turnkey/crypto";
import { Turnkey } from "@turnkey/sdk-server";
import { createPublicClient, encodeFunctionData, erc20Abi, http, parseEther } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { mainnet } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEEDED_TOKENS } from "../../server/chains/evm/seeded-tokens";
import { type RunningServer, startServer } from "../support/server";

let server: RunningServer;
let client: ReturnType<Turnkey["apiClient"]>;

beforeAll(async () => {
  // A new installation as the README starts one: `latchkey org create` on an empty data directory
  // (initdb and every migration), then `latchkey start`.
  server = await startServer({ unmigrated: true });
  client = new Turnkey({
    apiBaseUrl: server.baseUrl,
    apiPublicKey: server.root.publicKey,
    apiPrivateKey: server.root.privateKey,
    defaultOrganizationId: server.root.organizationId,
    activityPoller: { intervalMs: 50, numRetries: 2 },
  }).apiClient();
});
afterAll(async () => server?.stop());

describe("@turnkey/sdk-server against a started Latchkey", () => {
  it("getWhoami names the root user", async () => {
    const me = await client.getWhoami({ organizationId: server.root.organizationId });
    expect(me).toMatchObject({
      organizationId: server.root.organizationId,
      organizationName: "Black box",
      userId: server.root.userId,
      username: "root",
    });
  });

  it("createUsers returns the new user's id and getUser reads it back", async () => {
    const key = generateP256KeyPair();
    const created = await client.createUsers({
      users: [
        {
          userName: "bob",
          userEmail: "bob@example.com",
          apiKeys: [{ apiKeyName: "bob-key", publicKey: key.publicKey, curveType: "API_KEY_CURVE_P256" }],
          authenticators: [],
          oauthProviders: [],
          userTags: [],
        },
      ],
    });
    expect(created.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
    expect(created.userIds).toHaveLength(1);
    const { user } = await client.getUser({ userId: created.userIds[0]! });
    expect(user.userName).toBe("bob");
    expect(user.apiKeys.map((k) => k.credential.publicKey)).toEqual([key.publicKey]);
  });

  it("a bad stamp is a TurnkeyRequestError naming the reason", async () => {
    const stranger = generateP256KeyPair();
    const other = new Turnkey({
      apiBaseUrl: server.baseUrl,
      apiPublicKey: stranger.publicKey,
      apiPrivateKey: stranger.privateKey,
      defaultOrganizationId: server.root.organizationId,
    }).apiClient();
    await expect(other.getWhoami({ organizationId: server.root.organizationId })).rejects.toThrow(
      /could not find public key in organization/,
    );
  });

  describe("a sponsored eth_send_transaction (the organization's gas station pays)", () => {
    const caip2 = "eip155:1";
    const usdc = SEEDED_TOKENS[0]!.address;
    const url = () => `${server.baseUrl}/rpc/${caip2}`;
    const chain = () => createPublicClient({ chain: mainnet, transport: http(url()) });
    const usdcOf = (holder: `0x${string}`) =>
      chain().readContract({ address: usdc, abi: erc20Abi, functionName: "balanceOf", args: [holder] });
    const faucet = async (address: string, asset: string, amount: string) => {
      const answer = await fetch(url(), {
        method: "POST",
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "latchkey_faucet",
          params: [address, asset, amount],
        }),
      });
      expect(((await answer.json()) as { error?: unknown }).error).toBeUndefined();
    };
    // The SDK has no upsertGasUsageConfig: its generic stamped request reaches the same path.
    const upsert = (parameters: Record<string, unknown>) =>
      client.request("/public/v1/submit/upsert_gas_usage_config", {
        type: "ACTIVITY_TYPE_UPSERT_GAS_USAGE_CONFIG",
        timestampMs: String(Date.now()),
        organizationId: server.root.organizationId,
        parameters,
      });
    const bob = privateKeyToAccount(generatePrivateKey()).address;
    const transfer = (amount: bigint) => ({
      to: usdc,
      data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [bob, amount] }),
    });
    let gasStation: `0x${string}`;
    let user: `0x${string}`;

    it("moves USDC from an account holding no ETH; viem sees the balances, get_gas_usage the spend", async () => {
      const ethereum = (index: number) => ({
        curve: "CURVE_SECP256K1" as const,
        pathFormat: "PATH_FORMAT_BIP32" as const,
        path: `m/44'/60'/0'/0/${index}`,
        addressFormat: "ADDRESS_FORMAT_ETHEREUM" as const,
      });
      const wallet = await client.createWallet({ walletName: "Gas", accounts: [ethereum(0), ethereum(1)] });
      [gasStation, user] = wallet.addresses as [`0x${string}`, `0x${string}`];
      await faucet(gasStation, "native", parseEther("1").toString());
      await faucet(user, `${caip2}/erc20:${usdc}`, "100000000"); // 100 USDC
      await upsert({ enabled: true, evmGasStationAddress: gasStation, orgWindowLimitUsd: "20" });
      expect((await client.getGasUsage({})).usageUsd).toBe("0");
      const stationBefore = await chain().getBalance({ address: gasStation });

      const { sendTransactionStatusId } = await client.ethSendTransaction({
        from: user,
        caip2,
        sponsor: true,
        calls: [transfer(40_000_000n)],
      });
      const final = await client.pollTransactionStatus({ sendTransactionStatusId, pollingIntervalMs: 100 });
      expect(final.txStatus).toBe("COMPLETED");
      const receipt = await chain().getTransactionReceipt({ hash: final.eth!.txHash as `0x${string}` });
      expect(receipt.status).toBe("success");
      expect(receipt.from).toBe(gasStation.toLowerCase());
      expect(await usdcOf(bob)).toBe(40_000_000n);
      expect(await usdcOf(user)).toBe(60_000_000n);
      expect(await chain().getBalance({ address: user })).toBe(0n);
      const paid = stationBefore - (await chain().getBalance({ address: gasStation }));
      expect(paid).toBe(receipt.gasUsed * receipt.effectiveGasPrice);
      const usage = await client.getGasUsage({});
      expect(Number(usage.usageUsd)).toBeGreaterThan(0);
      expect(usage.windowLimitUsd).toBe("20");
      expect(await client.getNonces({ address: user, caip2, gasStationNonce: true })).toMatchObject({
        gasStationNonce: "1",
      });
    });

    it("refuses a sponsored send once the USD limit is spent, naming the limit", async () => {
      const { usageUsd } = await client.getGasUsage({});
      await upsert({ orgWindowLimitUsd: usageUsd });
      await expect(
        client.ethSendTransaction({ from: user, caip2, sponsor: true, calls: [transfer(1n)] }),
      ).rejects.toThrow(/GAS_SPONSORSHIP_LIMIT_REACHED|gas sponsorship limit reached/);
      expect(await usdcOf(bob)).toBe(40_000_000n);
      await upsert({ orgWindowLimitUsd: "20" });
    });

    it("eth_undelegate_7702 clears the account's delegation (paid by the account)", async () => {
      await faucet(user, "native", parseEther("0.1").toString());
      expect(await chain().getCode({ address: user })).toMatch(/^0xef0100/);
      const undo = await client.ethUndelegate7702({ from: user, caip2 });
      const undone = await client.pollTransactionStatus({
        sendTransactionStatusId: undo.sendTransactionStatusId,
        pollingIntervalMs: 100,
      });
      expect(undone.txStatus).toBe("COMPLETED");
      expect(await chain().getCode({ address: user })).toBeUndefined();
    });
  });
});
