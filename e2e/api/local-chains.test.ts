import { createSolanaRpc, generateKeyPairSigner } from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import { Turnkey } from "@turnkey/sdk-server";
import { createPublicClient, createWalletClient, encodeFunctionData, erc20Abi, http, parseEther } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { base, mainnet } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lamportsOf, rawCall, sendAndConfirm, signedTransaction } from "../../server/testing/solana-kit";
import { type RunningServer, startServer } from "../support/server";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.stop());

/** The root user's client through the official SDK. */
function rootClient() {
  return new Turnkey({
    apiBaseUrl: server.baseUrl,
    apiPublicKey: server.root.publicKey,
    apiPrivateKey: server.root.privateKey,
    defaultOrganizationId: server.root.organizationId,
    activityPoller: { intervalMs: 50, numRetries: 1 },
  }).apiClient();
}

/** A new wallet holding one Ethereum account: that account's address. */
async function newEthereumAccount(client: ReturnType<typeof rootClient>, walletName: string) {
  const { addresses } = await client.createWallet({
    walletName,
    accounts: [
      {
        curve: "CURVE_SECP256K1",
        pathFormat: "PATH_FORMAT_BIP32",
        path: "m/44'/60'/0'/0/0",
        addressFormat: "ADDRESS_FORMAT_ETHEREUM",
      },
    ],
  });
  return addresses[0] as `0x${string}`;
}

/** `latchkey_faucet` on the eip155:1 devnet: the JSON-RPC answer. */
async function mainnetFaucet(address: string, asset: string, amount: string) {
  return (await rawCall(`${server.baseUrl}/rpc/eip155:1`, "latchkey_faucet", [address, asset, amount])).body;
}

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

describe("eth_send_transaction through @turnkey/sdk-server, followed by the server's job worker", () => {
  it("moves ETH from a wallet account: the status reaches COMPLETED and viem sees the balance", async () => {
    const client = rootClient();
    const from = await newEthereumAccount(client, "Sender");
    const url = `${server.baseUrl}/rpc/eip155:1`;
    await mainnetFaucet(from, "native", parseEther("3").toString());
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const { sendTransactionStatusId } = await client.ethSendTransaction({
      from,
      caip2: "eip155:1",
      calls: [{ to, value: parseEther("1.25").toString() }],
    });
    const final = await client.pollTransactionStatus({ sendTransactionStatusId, pollingIntervalMs: 100 });
    expect(final.txStatus).toBe("COMPLETED");
    const publicClient = createPublicClient({ chain: mainnet, transport: http(url) });
    expect(await publicClient.getBalance({ address: to })).toBe(parseEther("1.25"));
    const receipt = await publicClient.getTransactionReceipt({ hash: final.eth!.txHash as `0x${string}` });
    expect(receipt.from.toLowerCase()).toBe(from.toLowerCase());
    expect(receipt.status).toBe("success");
  });
});

describe("a seeded token moved through @turnkey/sdk-server", () => {
  it("mints USDC with the faucet, transfers it with eth_send_transaction, and viem reads both balances", async () => {
    const client = rootClient();
    const from = await newEthereumAccount(client, "Token sender");
    const { assets } = await client.listSupportedAssets({ caip2: "eip155:1" });
    const usdc = assets!.find((a) => a.symbol === "USDC")!;
    expect(usdc).toMatchObject({ decimals: 6, name: "USD Coin (Latchkey devnet)" });
    const token = usdc.caip19!.split("/erc20:")[1] as `0x${string}`;
    const url = `${server.baseUrl}/rpc/eip155:1`;
    await mainnetFaucet(from, "native", parseEther("1").toString());
    expect(await mainnetFaucet(from, usdc.caip19!, "5000000")).toMatchObject({
      result: { balance: "5000000" },
    });

    const to = privateKeyToAccount(generatePrivateKey()).address;
    const { sendTransactionStatusId } = await client.ethSendTransaction({
      from,
      caip2: "eip155:1",
      calls: [
        {
          to: token,
          data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [to, 1_500_000n] }),
        },
      ],
    });
    const final = await client.pollTransactionStatus({ sendTransactionStatusId, pollingIntervalMs: 100 });
    expect(final.txStatus).toBe("COMPLETED");
    const publicClient = createPublicClient({ chain: mainnet, transport: http(url) });
    const receipt = await publicClient.getTransactionReceipt({ hash: final.eth!.txHash as `0x${string}` });
    expect(receipt.status).toBe("success");
    const balanceOf = (holder: `0x${string}`) =>
      publicClient.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [holder] });
    expect(await balanceOf(to)).toBe(1_500_000n);
    expect(await balanceOf(from)).toBe(3_500_000n);
    const { balances } = await client.getWalletAddressBalances({ address: from, caip2: "eip155:1" });
    expect(balances!.find((b) => b.symbol === "USDC")).toMatchObject({
      balance: "3500000",
      display: { crypto: "3.5" },
    });
  });

  it("a transfer of more than the account holds: pollTransactionStatus rejects with the decoded revert reason", async () => {
    const client = rootClient();
    const from = await newEthereumAccount(client, "Overdrawn");
    const { assets } = await client.listSupportedAssets({ caip2: "eip155:1" });
    const token = assets!.find((a) => a.symbol === "USDC")!.caip19!.split("/erc20:")[1] as `0x${string}`;
    await mainnetFaucet(from, "native", parseEther("1").toString());
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const { sendTransactionStatusId } = await client.ethSendTransaction({
      from,
      caip2: "eip155:1",
      calls: [
        {
          to: token,
          data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [to, 1n] }),
        },
      ],
    });
    const reason = `execution reverted: ERC20InsufficientBalance(sender: ${from}, balance: 0, needed: 1)`;
    const failure = await client
      .pollTransactionStatus({ sendTransactionStatusId, pollingIntervalMs: 100 })
      .then(
        () => undefined,
        (error: unknown) => error as Error & { cause?: unknown },
      );
    expect(failure?.message).toBe(reason);
    const status = await client.getSendTransactionStatus({ sendTransactionStatusId });
    expect(status.txStatus).toBe("FAILED");
    expect(status.txError).toBe(reason);
    expect(status.error?.eth?.revertChain?.[0]).toMatchObject({
      address: token,
      errorType: "custom",
      custom: { errorName: "ERC20InsufficientBalance" },
    });
  });
});

describe("the started server's local Solana devnet at /rpc/solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1", () => {
  it("is a Solana JSON-RPC endpoint @solana/kit uses over plain HTTP: faucet, transfer, status, balances", async () => {
    const url = `${server.baseUrl}/rpc/solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1`;
    const rpc = createSolanaRpc(url);
    expect(await rpc.getGenesisHash().send()).toBe("EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG");
    const [alice, bob] = await Promise.all([generateKeyPairSigner(), generateKeyPairSigner()]);
    const funded = await rawCall(url, "latchkey_faucet", [alice.address, "native", "2000000000"]);
    expect(funded.body.result).toMatchObject({ balance: "2000000000" });
    const wire = await signedTransaction(rpc, alice, [
      getTransferSolInstruction({ source: alice, destination: bob.address, amount: 750_000_000n }),
    ]);
    const { status } = await sendAndConfirm(rpc, wire);
    expect(status.err).toBeNull();
    expect(await lamportsOf(rpc, bob.address)).toBe(750_000_000n);
    expect(await lamportsOf(rpc, alice.address)).toBe(2_000_000_000n - 750_000_000n - 5_000n);
  });
});
