import { Turnkey } from "@turnkey/sdk-server";
import { createPublicClient, erc20Abi, http, parseEther } from "viem";
import { mainnet } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../support/server";

/**
 * Swaps through @turnkey/sdk-server against the started server: quote → execute on the local
 * pools of eip155:1, balances read with viem over /rpc/eip155:1, the client fee claimed; and a
 * cross-chain swap to eip155:8453 paid out by the local cross-chain provider.
 */

let server: RunningServer;
let client: ReturnType<Turnkey["apiClient"]>;
let rpcUrl: string;
beforeAll(async () => {
  server = await startServer();
  client = new Turnkey({
    apiBaseUrl: server.baseUrl,
    apiPublicKey: server.root.publicKey,
    apiPrivateKey: server.root.privateKey,
    defaultOrganizationId: server.root.organizationId,
    activityPoller: { intervalMs: 50, numRetries: 1 },
  }).apiClient();
  rpcUrl = `${server.baseUrl}/rpc/eip155:1`;
});
afterAll(async () => server?.stop());

const ETH = "eip155:1/slip44:60";
const viem = () => createPublicClient({ chain: mainnet, transport: http(rpcUrl) });

async function newAccount(name: string): Promise<`0x${string}`> {
  const { addresses } = await client.createWallet({
    walletName: name,
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

const faucet = (to: string, asset: string, amount: string) =>
  fetch(rpcUrl, {
    method: "POST",
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "latchkey_faucet", params: [to, asset, amount] }),
  }).then((r) => r.json());

async function waitForSwap(swapRequestId: string) {
  for (let i = 0; i < 200; i++) {
    const status = await client.getSwapStatus({ swapRequestId });
    if (status.status !== "PENDING") return status;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the swap did not settle");
}

describe("swaps on the local pools through @turnkey/sdk-server", () => {
  it("quotes USDC → ETH with the configured client fee, executes it, and the balances move by the quoted amounts; the receiver claims its fee", async () => {
    const trader = await newAccount("Trader");
    const feeReceiver = await newAccount("Swap fees");
    const { assets } = await client.listSupportedAssets({ caip2: "eip155:1" });
    const usdc = assets!.find((a) => a.symbol === "USDC")!.caip19!;
    const usdcAddress = usdc.split("/erc20:")[1] as `0x${string}`;
    await faucet(trader, "native", parseEther("1").toString());
    await faucet(trader, usdc, "3000000000"); // 3000 USDC
    await faucet(feeReceiver, "native", parseEther("1").toString());

    const config = await client.upsertSwapConfig({ feeReceiverWalletAddress: feeReceiver, feeBps: "25" });
    expect(config).toMatchObject({ feeReceiverWalletAddress: feeReceiver, feeBps: "25" });

    const { quotes } = await client.createSwapQuote({
      signWith: trader,
      inputToken: usdc,
      outputToken: ETH,
      inputAmount: "1500000000",
      slippageBps: "100",
    });
    const quote = quotes[0]!;
    expect(quote).toMatchObject({ provider: "LATCHKEY_LOCAL_POOLS", clientFeeBps: "25", slippageBps: "100" });
    expect(BigInt(quote.minOutputAmount)).toBe((BigInt(quote.outputAmount) * 9900n) / 10000n);
    expect(Number(quote.expiresAt)).toBeGreaterThan(Date.now());

    const ethBefore = await viem().getBalance({ address: trader });
    const executed = await client.executeSwap({
      quoteId: quote.quoteId,
      inputToken: usdc,
      inputAmount: "1500000000",
      outputToken: ETH,
      quotedOutputAmount: quote.outputAmount,
      minOutputAmount: quote.minOutputAmount,
      sponsor: false,
    });
    expect(executed.quoteId).toBe(quote.quoteId);
    const done = await waitForSwap(executed.swapRequestId);
    expect(done).toMatchObject({ status: "COMPLETED", swapKind: "SAME_CHAIN", inputAmount: "1500000000" });
    const out = BigInt(done.outputAmount!);
    expect(out).toBeGreaterThanOrEqual(BigInt(quote.minOutputAmount));

    const receipt = await viem().getTransactionReceipt({ hash: done.originTxHash as `0x${string}` });
    const gas = receipt.gasUsed * receipt.effectiveGasPrice;
    expect(await viem().getBalance({ address: trader })).toBe(ethBefore + out - gas);
    expect(
      await viem().readContract({
        address: usdcAddress,
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [trader],
      }),
    ).toBe(1_500_000_000n);

    // Nobody traded in between: the output is exactly the quote, and the fee 25 bps of the gross.
    expect(out).toBe(BigInt(quote.outputAmount));
    const receiverBefore = await viem().getBalance({ address: feeReceiver });
    const { requestId } = await client.claimSwapFees({});
    const claim = await client.pollTransactionStatus({
      sendTransactionStatusId: requestId,
      pollingIntervalMs: 100,
    });
    expect(claim.txStatus).toBe("COMPLETED");
    const claimReceipt = await viem().getTransactionReceipt({ hash: claim.eth!.txHash as `0x${string}` });
    const received =
      (await viem().getBalance({ address: feeReceiver })) -
      receiverBefore +
      claimReceipt.gasUsed * claimReceipt.effectiveGasPrice;
    // gross = out + fee and fee = ⌊gross·25/10000⌋.
    expect(received).toBe(((out + received) * 25n) / 10000n);
    expect(received).toBeGreaterThan(0n);

    // The quote cannot run twice, and there is nothing left to claim.
    await expect(
      client.executeSwap({
        quoteId: quote.quoteId,
        inputToken: usdc,
        inputAmount: "1500000000",
        outputToken: ETH,
        quotedOutputAmount: quote.outputAmount,
        minOutputAmount: quote.minOutputAmount,
        sponsor: false,
      }),
    ).rejects.toThrow(/already executed/);
    await expect(client.claimSwapFees({})).rejects.toThrow(/no swap fees have accrued/);
  }, 60_000);

  it("refuses a private key id in signWith (spec.md error 2), and accepts that key's address", async () => {
    const { privateKeys } = await client.createPrivateKeys({
      privateKeys: [
        {
          privateKeyName: "swap key",
          curve: "CURVE_SECP256K1",
          addressFormats: ["ADDRESS_FORMAT_ETHEREUM"],
          privateKeyTags: [],
        },
      ],
    });
    const key = privateKeys[0]!;
    await faucet(key.addresses![0]!.address!, "native", parseEther("1").toString());
    const request = { inputToken: ETH, outputToken: "eip155:1/erc20:", inputAmount: "1000" };
    const { assets } = await client.listSupportedAssets({ caip2: "eip155:1" });
    request.outputToken = assets!.find((a) => a.symbol === "WETH")!.caip19!;
    await expect(client.createSwapQuote({ signWith: key.privateKeyId!, ...request })).rejects.toThrow(
      /private key ids are not supported/,
    );
    const { quotes } = await client.createSwapQuote({ signWith: key.addresses![0]!.address!, ...request });
    expect(quotes[0]!.clientFeeBps).toBe("25");
  }, 30_000);

  it("swaps ETH on eip155:1 into USDC on eip155:8453 through the local cross-chain provider", async () => {
    const trader = await newAccount("Bridger");
    const feeReceiverWalletAddress = await newAccount("Bridge fees");
    await client.upsertSwapConfig({ feeReceiverWalletAddress, feeBps: "25" });
    await faucet(trader, "native", parseEther("1").toString());
    const destination = createPublicClient({ transport: http(`${server.baseUrl}/rpc/eip155:8453`) });
    const { assets } = await client.listSupportedAssets({ caip2: "eip155:8453" });
    const usdc = assets!.find((a) => a.symbol === "USDC")!.caip19!;
    const usdcAddress = usdc.split("/erc20:")[1] as `0x${string}`;
    const usdcOf = (who: `0x${string}`) =>
      destination.readContract({
        address: usdcAddress,
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [who],
      });

    const amount = parseEther("0.25").toString();
    const { quotes } = await client.createSwapQuote({
      signWith: trader,
      inputToken: ETH,
      outputToken: usdc,
      inputAmount: amount,
    });
    const quote = quotes[0]!;
    expect(quote).toMatchObject({ provider: "LATCHKEY_LOCAL_CROSS_CHAIN", clientFeeBps: "25" });
    const receiverBefore = await usdcOf(feeReceiverWalletAddress);
    const ethBefore = await viem().getBalance({ address: trader });
    const executed = await client.executeSwap({
      quoteId: quote.quoteId,
      inputToken: ETH,
      inputAmount: amount,
      outputToken: usdc,
      quotedOutputAmount: quote.outputAmount,
      minOutputAmount: quote.minOutputAmount,
      sponsor: false,
    });
    const done = await waitForSwap(executed.swapRequestId);
    expect(done).toMatchObject({
      status: "COMPLETED",
      swapKind: "CROSS_CHAIN",
      outputAmount: quote.outputAmount,
    });
    expect(done.destinationTxHashes).toHaveLength(2);
    const payout = await destination.getTransactionReceipt({
      hash: done.destinationTxHashes![0] as `0x${string}`,
    });
    expect(payout.status).toBe("success");
    const deposit = await viem().getTransactionReceipt({ hash: done.originTxHash as `0x${string}` });
    expect(await viem().getBalance({ address: trader })).toBe(
      ethBefore - BigInt(amount) - deposit.gasUsed * deposit.effectiveGasPrice,
    );
    // The trader's address on eip155:8453 holds exactly the quote; the receiver its fee on the gross.
    expect(await usdcOf(trader)).toBe(BigInt(quote.outputAmount));
    const fee = (await usdcOf(feeReceiverWalletAddress)) - receiverBefore;
    expect(fee).toBe(((BigInt(quote.outputAmount) + fee) * 25n) / 10000n);
    expect(fee).toBeGreaterThan(0n);
  }, 90_000);
});
