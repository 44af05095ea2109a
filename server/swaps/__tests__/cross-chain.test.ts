import {
  createPublicClient,
  encodeFunctionData,
  erc20Abi,
  parseEther,
  parseUnits,
  toHex,
  zeroAddress,
} from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TActivity } from "@/lib/api/activity";
import type { TSwapQuote, TSwapStatus } from "@/lib/api/swaps";
import { routeTransport } from "../../chains/__tests__/rpc-scene";
import { mintSeededToken, sendFromDevnetAccount } from "../../chains/evm/seed-devnet";
import { erc20Caip19, SEEDED_TOKENS } from "../../chains/evm/seeded-tokens";
import { claimDue } from "../../jobs/queue";
import { runDueJobs } from "../../jobs/worker";
import { type SendScene, startSendScene } from "../../sends/__tests__/send-scene";
import { SEND_JOB_HANDLERS } from "../../sends/jobs";
import { findFillOfQuote } from "../cross-chain-fills";
import { ensureCrossChainInventory } from "../cross-chain-inventory";
import { CROSS_CHAIN_JOB_HANDLERS } from "../cross-chain-job";
import { CROSS_CHAIN_PROVIDER_FEE_BPS, crossChainAccount, transferCall } from "../cross-chain-provider";
import { LOCAL_SWAP_POOLS, NATIVE } from "../local-pools";

/**
 * The local cross-chain provider between the eip155:1 and eip155:8453 devnets: the deposit is an
 * ordinary send on the origin chain, the payout lands on the destination chain, balances (viem over
 * /rpc/<caip2>) move by the quoted amounts, a fill the provider cannot make is refunded with a hash.
 */

const ORIGIN = "eip155:1";
const DEST = "eip155:8453";
const USDC = SEEDED_TOKENS[0]!;
const HANDLERS = { ...SEND_JOB_HANDLERS, ...CROSS_CHAIN_JOB_HANDLERS };

let s: SendScene;
let receiver: `0x${string}`;
/** viem over /rpc/<caip2>, as a client of the server reads a chain. */
const viemOver = (caip2: string) => createPublicClient({ transport: routeTransport(s.t, caip2) });
let originViem: ReturnType<typeof viemOver>;
let destViem: ReturnType<typeof viemOver>;

async function newAccount(name: string): Promise<`0x${string}`> {
  const created = await s.submit("create_wallet", "ACTIVITY_TYPE_CREATE_WALLET", {
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
  return (
    (created.body as { activity: TActivity }).activity.result as {
      createWalletResult: { addresses: `0x${string}`[] };
    }
  ).createWalletResult.addresses[0]!;
}

beforeAll(async () => {
  s = await startSendScene();
  receiver = await newAccount("Fees");
  originViem = viemOver(ORIGIN);
  destViem = viemOver(DEST);
  await s.t.app.chains.rpc(DEST); // started and prepared before the first quote needs it
}, 180_000);
afterAll(async () => s?.close());

const usdcOf = (viem: typeof originViem, who: `0x${string}`) =>
  viem.readContract({ address: USDC.address, abi: erc20Abi, functionName: "balanceOf", args: [who] });

function resultOf<T>(res: { status: number; body: unknown }, key: string): T {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return ((res.body as { activity: TActivity }).activity.result as Record<string, T>)[key]!;
}

async function quote(inputToken: string, outputToken: string, inputAmount: string, signWith = s.from) {
  const res = await s.submit("create_swap_quote", "ACTIVITY_TYPE_CREATE_SWAP_QUOTE", {
    signWith,
    inputToken,
    outputToken,
    inputAmount,
  });
  return resultOf<{ quotes: TSwapQuote[] }>(res, "createSwapQuoteResult").quotes[0]!;
}

const execute = (
  q: TSwapQuote,
  inputToken: string,
  outputToken: string,
  inputAmount: string,
  sponsor = false,
) =>
  s.submit("execute_swap", "ACTIVITY_TYPE_EXECUTE_SWAP_V2", {
    quoteId: q.quoteId,
    inputToken,
    inputAmount,
    outputToken,
    quotedOutputAmount: q.outputAmount,
    minOutputAmount: q.minOutputAmount,
    sponsor,
  });

const swapStatus = async (swapRequestId: string) =>
  (
    await s.t.call<TSwapStatus>(
      "query",
      "get_swap_status",
      { organizationId: s.org.organizationId, swapRequestId },
      s.org.key,
    )
  ).body;

async function settle(swapRequestId: string): Promise<TSwapStatus> {
  for (let round = 0; round < 80; round++) {
    await runDueJobs(s.t.app, HANDLERS);
    const status = await swapStatus(swapRequestId);
    if (status.status !== "PENDING") return status;
    s.t.clock.advance(500);
  }
  throw new Error(`the swap did not settle: ${JSON.stringify(await swapStatus(swapRequestId))}`);
}

const gasOf = async (hash: `0x${string}`) => {
  const r = await originViem.getTransactionReceipt({ hash });
  return r.gasUsed * r.effectiveGasPrice;
};

describe("the local cross-chain provider", () => {
  it("bridges ETH from eip155:1 to eip155:8453 at 1:1 less the provider and client fees, with both hashes", async () => {
    const set = await s.submit("upsert_swap_config", "ACTIVITY_TYPE_UPSERT_SWAP_CONFIG", {
      feeReceiverWalletAddress: receiver,
      feeBps: "25",
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const ETH1 = `${ORIGIN}/slip44:60`;
    const ETH8453 = `${DEST}/slip44:60`;
    const amount = parseEther("0.5");
    const q = await quote(ETH1, ETH8453, amount.toString());
    const bridged = amount - (amount * CROSS_CHAIN_PROVIDER_FEE_BPS) / 10_000n;
    const fee = (bridged * 25n) / 10_000n;
    expect(q).toMatchObject({
      provider: "LATCHKEY_LOCAL_CROSS_CHAIN",
      outputAmount: (bridged - fee).toString(),
      minOutputAmount: (((bridged - fee) * 9_950n) / 10_000n).toString(),
      clientFeeBps: "25",
      estimatedTimeSeconds: "6",
    });

    const originBefore = await originViem.getBalance({ address: s.from });
    const depositBefore = await originViem.getBalance({ address: crossChainAccount.address });
    const destBefore = await destViem.getBalance({ address: s.from });
    const receiverBefore = await destViem.getBalance({ address: receiver });
    const { swapRequestId } = resultOf<{ swapRequestId: string }>(
      await execute(q, ETH1, ETH8453, amount.toString()),
      "executeSwapResult",
    );
    expect((await swapStatus(swapRequestId)).status).toBe("PENDING");
    const done = await settle(swapRequestId);
    expect(done).toMatchObject({
      status: "COMPLETED",
      swapKind: "CROSS_CHAIN",
      outputAmount: q.outputAmount,
      inputAmount: amount.toString(),
    });
    expect(done.destinationTxHashes).toHaveLength(2); // the payout, then the client fee
    const origin = done.originTxHash as `0x${string}`;
    expect(await originViem.getBalance({ address: s.from })).toBe(
      originBefore - amount - (await gasOf(origin)),
    );
    expect(await originViem.getBalance({ address: crossChainAccount.address })).toBe(depositBefore + amount);
    expect(await destViem.getBalance({ address: s.from })).toBe(destBefore + BigInt(q.outputAmount));
    expect(await destViem.getBalance({ address: receiver })).toBe(receiverBefore + fee);
    for (const hash of done.destinationTxHashes!) {
      const receipt = await destViem.getTransactionReceipt({ hash: hash as `0x${string}` });
      expect(receipt.status).toBe("success");
      expect(receipt.from.toLowerCase()).toBe(crossChainAccount.address.toLowerCase());
    }
    // The fee was paid with the fill: nothing accrues to claim.
    const claim = await s.submit("claim_swap_fees", "ACTIVITY_TYPE_CLAIM_SWAP_FEES", {});
    expect(claim.status).toBe(400);
    // No fee from here on: the other cases check amounts without it.
    await s.submit("upsert_swap_config", "ACTIVITY_TYPE_UPSERT_SWAP_CONFIG", {
      feeReceiverWalletAddress: "",
    });
  }, 120_000);

  it("converts USDC on eip155:1 into ETH on eip155:8453 at the destination pools' price", async () => {
    const origin = await s.t.app.chains.rpc(ORIGIN);
    await mintSeededToken(origin, 1, USDC, s.from, parseUnits("1000", 6));
    const usdc1 = erc20Caip19(ORIGIN, USDC.address);
    const ETH8453 = `${DEST}/slip44:60`;
    const amount = parseUnits("600", 6);
    const bridged = amount - (amount * CROSS_CHAIN_PROVIDER_FEE_BPS) / 10_000n;
    const expected = await destViem.readContract({
      address: LOCAL_SWAP_POOLS.address,
      abi: LOCAL_SWAP_POOLS.abi,
      functionName: "getAmountOut",
      args: [USDC.address, NATIVE, bridged],
    });
    const q = await quote(usdc1, ETH8453, amount.toString());
    expect(q.outputAmount).toBe(String(expected));
    const usdcBefore = await usdcOf(originViem, s.from);
    const ethBefore = await destViem.getBalance({ address: s.from });
    const { swapRequestId } = resultOf<{ swapRequestId: string }>(
      await execute(q, usdc1, ETH8453, amount.toString()),
      "executeSwapResult",
    );
    const done = await settle(swapRequestId);
    expect(done.status, JSON.stringify(done)).toBe("COMPLETED");
    expect(await usdcOf(originViem, s.from)).toBe(usdcBefore - amount);
    expect(await destViem.getBalance({ address: s.from })).toBe(ethBefore + BigInt(q.outputAmount));
  }, 120_000);

  it("refunds the input on the origin chain, with its hash and the reason, when it lacks destination liquidity", async () => {
    const origin = await s.t.app.chains.rpc(ORIGIN);
    const dest = await s.t.app.chains.rpc(DEST);
    await mintSeededToken(origin, 1, USDC, s.from, parseUnits("100", 6));
    const usdc1 = erc20Caip19(ORIGIN, USDC.address);
    const usdc8453 = erc20Caip19(DEST, USDC.address);
    const amount = parseUnits("100", 6);
    const q = await quote(usdc1, usdc8453, amount.toString());
    // After the quote, the provider's USDC on the destination leaves (another fill took it).
    const held = await usdcOf(destViem, crossChainAccount.address);
    const drain = transferCall(USDC.address, "0x000000000000000000000000000000000000dEaD", held);
    await sendFromDevnetAccount(dest, 8453, crossChainAccount, { to: drain.to, data: drain.data });
    try {
      const before = await usdcOf(originViem, s.from);
      const { swapRequestId } = resultOf<{ swapRequestId: string }>(
        await execute(q, usdc1, usdc8453, amount.toString()),
        "executeSwapResult",
      );
      const done = await settle(swapRequestId);
      expect(done).toMatchObject({
        status: "FAILED",
        swapKind: "CROSS_CHAIN",
        error: { reason: "PROVIDER_FILL_FAILED" },
        refund: { asset: usdc1, amount: amount.toString() },
      });
      expect(done.error!.providerReason).toMatch(/insufficient liquidity: the provider holds 0 of/);
      expect(done.outputAmount).toBeUndefined();
      expect(done.originTxHash).toBeDefined();
      const refund = await originViem.getTransactionReceipt({ hash: done.refund!.txHash as `0x${string}` });
      expect(refund.status).toBe("success");
      // The deposit went out and came back: the signer holds what it held before.
      expect(await usdcOf(originViem, s.from)).toBe(before);
      expect(await usdcOf(destViem, s.from)).toBe(0n);
    } finally {
      await ensureCrossChainInventory(dest, 8453);
    }
  }, 120_000);

  it("refuses an expired quote and a second execution", async () => {
    const ETH1 = `${ORIGIN}/slip44:60`;
    const ETH8453 = `${DEST}/slip44:60`;
    const amount = parseEther("0.01").toString();
    const q = await quote(ETH1, ETH8453, amount);
    s.t.clock.advance(61_000);
    const late = await execute(q, ETH1, ETH8453, amount);
    expect(late.status).toBe(400);
    expect(JSON.stringify(late.body)).toMatch(/expired/);
  });

  it("refuses a cross-chain quote the provider could not pay, and a chain pair it cannot bridge", async () => {
    const huge = await s.submit("create_swap_quote", "ACTIVITY_TYPE_CREATE_SWAP_QUOTE", {
      signWith: s.from,
      inputToken: `${ORIGIN}/slip44:60`,
      outputToken: `${DEST}/slip44:60`,
      inputAmount: parseEther("5").toString(),
    });
    expect(huge.status).toBe(200); // the scene's account holds about 10 ETH; the provider 1000
    await s.rpc("anvil_setBalance", [s.from, toHex(parseEther("5000"))]);
    const tooMuch = await s.submit("create_swap_quote", "ACTIVITY_TYPE_CREATE_SWAP_QUOTE", {
      signWith: s.from,
      inputToken: `${ORIGIN}/slip44:60`,
      outputToken: `${DEST}/slip44:60`,
      inputAmount: parseEther("4000").toString(),
    });
    expect(tooMuch.status).toBe(400);
    expect(JSON.stringify(tooMuch.body)).toMatch(/the cross-chain provider holds/);
  });

  it("a worker that dies holding the job: the next one takes it up after the lease and pays once", async () => {
    const ETH1 = `${ORIGIN}/slip44:60`;
    const ETH8453 = `${DEST}/slip44:60`;
    const amount = parseEther("0.2");
    const q = await quote(ETH1, ETH8453, amount.toString());
    const destBefore = await destViem.getBalance({ address: s.from });
    const { swapRequestId } = resultOf<{ swapRequestId: string }>(
      await execute(q, ETH1, ETH8453, amount.toString()),
      "executeSwapResult",
    );
    // Work it until the payout is signed and sent, then a worker claims the job and dies.
    for (let round = 0; round < 40; round++) {
      const fill = await findFillOfQuote(s.t.app.db, q.quoteId);
      if (fill?.legs[0]?.txHash) break;
      await runDueJobs(s.t.app, HANDLERS);
      s.t.clock.advance(300);
    }
    const signed = (await findFillOfQuote(s.t.app.db, q.quoteId))!.legs[0]!.txHash;
    expect(signed).toBeDefined();
    const now = s.t.clock.now();
    const claimed = await s.t.app.db.transaction((tx) => claimDue(tx, now, 10, 60_000));
    expect(claimed.map((j) => j.kind)).toContain("swap-cross-chain");
    // Within the lease nobody else runs it.
    await runDueJobs(s.t.app, HANDLERS);
    expect((await swapStatus(swapRequestId)).status).toBe("PENDING");
    s.t.clock.advance(61_000);
    const done = await settle(swapRequestId);
    expect(done.status).toBe("COMPLETED");
    expect(done.destinationTxHashes).toEqual([signed]);
    expect(await destViem.getBalance({ address: s.from })).toBe(destBefore + BigInt(q.outputAmount));
  }, 120_000);

  it("refunds when the destination price moved below the quote's minOutputAmount", async () => {
    const dest = await s.t.app.chains.rpc(DEST);
    const ETH1 = `${ORIGIN}/slip44:60`;
    const usdc8453 = erc20Caip19(DEST, USDC.address);
    const amount = parseEther("0.1");
    const q = await quote(ETH1, usdc8453, amount.toString());
    // Someone sells 20 ETH into the destination's ETH/USDC pool: USDC per ETH falls far past 0.5 %.
    const sell = parseEther("20");
    await sendFromDevnetAccount(dest, 8453, crossChainAccount, {
      to: LOCAL_SWAP_POOLS.address,
      value: sell,
      data: encodeFunctionData({
        abi: LOCAL_SWAP_POOLS.abi,
        functionName: "swap",
        args: [NATIVE, USDC.address, sell, 0n, crossChainAccount.address, zeroAddress, 0n],
      }),
    });
    const ethBefore = await originViem.getBalance({ address: s.from });
    const { swapRequestId } = resultOf<{ swapRequestId: string }>(
      await execute(q, ETH1, usdc8453, amount.toString()),
      "executeSwapResult",
    );
    const done = await settle(swapRequestId);
    expect(done).toMatchObject({
      status: "FAILED",
      error: { reason: "PROVIDER_FILL_FAILED" },
      refund: { asset: ETH1, amount: amount.toString() },
    });
    expect(done.error!.providerReason).toMatch(
      /the price moved: \d+ of .* is below the quote's minOutputAmount/,
    );
    // Only the deposit's gas is spent: the input came back.
    const gas = await gasOf(done.originTxHash as `0x${string}`);
    expect(await originViem.getBalance({ address: s.from })).toBe(ethBefore - gas);
  }, 120_000);

  it("a sponsored deposit: an account without ETH bridges USDC, the gas station pays the gas", async () => {
    const gasStation = await newAccount("Gas station");
    await s.rpc("anvil_setBalance", [gasStation, toHex(parseEther("10"))]);
    const set = await s.submit("upsert_gas_usage_config", "ACTIVITY_TYPE_UPSERT_GAS_USAGE_CONFIG", {
      enabled: true,
      evmGasStationAddress: gasStation,
      orgWindowLimitUsd: "50",
      subOrgWindowLimitUsd: "50",
      windowDurationMinutes: "60",
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const trader = await newAccount("No gas");
    await mintSeededToken(await s.t.app.chains.rpc(ORIGIN), 1, USDC, trader, parseUnits("50", 6));
    const usdc1 = erc20Caip19(ORIGIN, USDC.address);
    const usdc8453 = erc20Caip19(DEST, USDC.address);
    const amount = parseUnits("50", 6);
    const q = await quote(usdc1, usdc8453, amount.toString(), trader);
    expect(q.outputAmount).toBe((amount - (amount * CROSS_CHAIN_PROVIDER_FEE_BPS) / 10_000n).toString());
    const { swapRequestId } = resultOf<{ swapRequestId: string }>(
      await execute(q, usdc1, usdc8453, amount.toString(), true),
      "executeSwapResult",
    );
    const done = await settle(swapRequestId);
    expect(done.status, JSON.stringify(done)).toBe("COMPLETED");
    expect(await originViem.getBalance({ address: trader })).toBe(0n);
    expect(await usdcOf(originViem, trader)).toBe(0n);
    expect(await usdcOf(destViem, trader)).toBe(BigInt(q.outputAmount));
  }, 120_000);
});
