import { type Address, erc20Abi, type PublicClient, parseEther } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TActivity } from "@/lib/api/activity";
import type { TSwapQuote, TSwapStatus } from "@/lib/api/swaps";
import { faucetCall } from "../../chains/__tests__/rpc-scene";
import { erc20Caip19, SEEDED_TOKENS } from "../../chains/evm/seeded-tokens";
import { runDueJobs } from "../../jobs/worker";
import { CHAIN, type SendScene, sendScene } from "../../sends/__tests__/send-scene";
import { SEND_JOB_HANDLERS } from "../../sends/jobs";
import { FAKE_0X_NATIVE, type FakeZeroEx, startFakeZeroEx } from "../../testing/fake-zero-ex";
import { startTestApp } from "../../testing/harness";
import { LOCAL_SWAP_POOLS } from "../local-pools";

/**
 * The 0x Swap API v2 adapter against a local fake 0x (server/testing/fake-zero-ex.ts) that prices
 * from the devnet's LocalSwapPools and answers transactions that really trade on it: quote →
 * execute → balances and the fee receiver's credit match the quote; 0x's refusals, rate limits,
 * garbage and silence become clear errors. In-process, PGlite or PostgreSQL (DATABASE_URL).
 */

const API_KEY = "test-0x-key";
const TIMEOUT_MS = 400;
const ETH = `${CHAIN}/slip44:60`;
const [USDC_TOKEN, WETH_TOKEN] = SEEDED_TOKENS as [(typeof SEEDED_TOKENS)[0], (typeof SEEDED_TOKENS)[0]];
const USDC = erc20Caip19(CHAIN, USDC_TOKEN.address);
const WETH = erc20Caip19(CHAIN, WETH_TOKEN.address);
const pools = LOCAL_SWAP_POOLS.address;

let fake: FakeZeroEx;
let s: SendScene;
let receiver: Address;

type Body = { activity: TActivity; message: string; details?: unknown };

beforeAll(async () => {
  fake = await startFakeZeroEx({ apiKey: API_KEY, chainId: 1, chain: () => s.viem as PublicClient });
  const t = await startTestApp({
    env: {
      LATCHKEY_SWAP_0X_API_KEY: API_KEY,
      LATCHKEY_SWAP_0X_URL: fake.url,
      LATCHKEY_SWAP_0X_CHAINS: CHAIN,
      LATCHKEY_SWAP_0X_TIMEOUT_MS: String(TIMEOUT_MS),
    },
  });
  s = await sendScene(t);
  await faucetCall(s.t, CHAIN, [s.from, USDC, "5000000000"]); // 5000 USDC
  const created = await s.submit("create_wallet", "ACTIVITY_TYPE_CREATE_WALLET", {
    walletName: "Swap fees",
    accounts: [
      {
        curve: "CURVE_SECP256K1",
        pathFormat: "PATH_FORMAT_BIP32",
        path: "m/44'/60'/0'/0/0",
        addressFormat: "ADDRESS_FORMAT_ETHEREUM",
      },
    ],
  });
  receiver = ((created.body as Body).activity.result as { createWalletResult: { addresses: Address[] } })
    .createWalletResult.addresses[0]!;
  const config = await s.submit("upsert_swap_config", "ACTIVITY_TYPE_UPSERT_SWAP_CONFIG", {
    feeReceiverWalletAddress: receiver,
    feeBps: "30",
  });
  expect(config.status, JSON.stringify(config.body)).toBe(200);
}, 120_000);
afterAll(async () => {
  await s?.close();
  await fake?.close();
});

const quote = (parameters: Record<string, unknown>) =>
  s.submit("create_swap_quote", "ACTIVITY_TYPE_CREATE_SWAP_QUOTE", {
    signWith: s.from,
    slippageBps: "100",
    ...parameters,
  }) as Promise<{ status: number; body: Body }>;

async function goodQuote(parameters: Record<string, unknown>): Promise<TSwapQuote> {
  const res = await quote(parameters);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.activity.result as { createSwapQuoteResult: { quotes: TSwapQuote[] } })
    .createSwapQuoteResult.quotes[0]!;
}

const execute = (q: TSwapQuote, inputToken: string, inputAmount: string, outputToken: string) =>
  s.submit("execute_swap", "ACTIVITY_TYPE_EXECUTE_SWAP_V2", {
    quoteId: q.quoteId,
    inputToken,
    inputAmount,
    outputToken,
    quotedOutputAmount: q.outputAmount,
    minOutputAmount: q.minOutputAmount,
    sponsor: false,
  }) as Promise<{ status: number; body: Body }>;

async function settleSwap(swapRequestId: string): Promise<TSwapStatus> {
  for (let round = 0; round < 20; round++) {
    await runDueJobs(s.t.app, SEND_JOB_HANDLERS);
    const status = (
      await s.t.call<TSwapStatus>(
        "query",
        "get_swap_status",
        { organizationId: s.org.organizationId, swapRequestId },
        s.org.key,
      )
    ).body;
    if (status.status !== "PENDING") return status;
    s.t.clock.advance(1_000);
  }
  throw new Error("the swap did not settle");
}

const tokenBalance = (token: Address, who: Address) =>
  s.viem.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [who] });
const feesOwed = (token: Address) =>
  s.viem.readContract({
    address: pools,
    abi: LOCAL_SWAP_POOLS.abi,
    functionName: "feesOwed",
    args: [receiver, token],
  }) as Promise<bigint>;

describe("swaps through 0x (a local fake speaking the Swap API v2)", () => {
  it("quotes USDC → WETH from 0x with the client fee as 0x's integrator fee, executes approve + 0x's transaction, and the balances move by the quote", async () => {
    const before = fake.requests.length;
    const q = await goodQuote({ inputToken: USDC, outputToken: WETH, inputAmount: "1500000000" });
    expect(q).toMatchObject({ provider: "ZERO_EX", clientFeeBps: "30", slippageBps: "100" });
    const asked = fake.requests.slice(before);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({
      path: "/swap/allowance-holder/quote",
      apiKey: API_KEY,
      version: "v2",
      query: {
        chainId: "1",
        sellToken: USDC_TOKEN.address,
        buyToken: WETH_TOKEN.address,
        sellAmount: "1500000000",
        taker: s.from,
        slippageBps: "100",
        swapFeeRecipient: receiver,
        swapFeeBps: "30",
        swapFeeToken: WETH_TOKEN.address,
      },
    });
    // The pools' own price, independently: gross less 30 bps is what the quote promises.
    const gross = (await s.viem.readContract({
      address: pools,
      abi: LOCAL_SWAP_POOLS.abi,
      functionName: "getAmountOut",
      args: [USDC_TOKEN.address, WETH_TOKEN.address, 1_500_000_000n],
    })) as bigint;
    const fee = (gross * 30n) / 10_000n;
    expect(BigInt(q.outputAmount)).toBe(gross - fee);
    expect(BigInt(q.minOutputAmount)).toBe(((gross - fee) * 9900n) / 10_000n);

    const usdcBefore = await tokenBalance(USDC_TOKEN.address, s.from);
    const wethBefore = await tokenBalance(WETH_TOKEN.address, s.from);
    const owedBefore = await feesOwed(WETH_TOKEN.address);
    const res = await execute(q, USDC, "1500000000", WETH);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { swapRequestId, provider } = (
      res.body.activity.result as { executeSwapResult: { swapRequestId: string; provider: string } }
    ).executeSwapResult;
    expect(provider).toBe("ZERO_EX");
    const done = await settleSwap(swapRequestId);
    expect(done, JSON.stringify(done)).toMatchObject({ status: "COMPLETED", provider: "ZERO_EX" });
    const out = BigInt(done.outputAmount!);
    expect(out).toBeGreaterThanOrEqual(BigInt(q.minOutputAmount));
    expect(out).toBe(BigInt(q.outputAmount)); // nobody traded in between
    expect(await tokenBalance(WETH_TOKEN.address, s.from)).toBe(wethBefore + out);
    expect(await tokenBalance(USDC_TOKEN.address, s.from)).toBe(usdcBefore - 1_500_000_000n);
    // The approval was exactly the sell amount, and it is spent.
    expect(
      await s.viem.readContract({
        address: USDC_TOKEN.address,
        abi: erc20Abi,
        functionName: "allowance",
        args: [s.from, pools],
      }),
    ).toBe(0n);
    // The integrator fee reached the receiver (the fake settles on the pools, whose vault holds it).
    expect((await feesOwed(WETH_TOKEN.address)) - owedBefore).toBe(fee);
    // 0x pays its integrator fee in the swap: nothing accrues for claim_swap_fees to pay.
    const listed = await s.t.call(
      "query",
      "list_swap_fees",
      { organizationId: s.org.organizationId },
      s.org.key,
    );
    expect(listed.body).toEqual({ feeReceiverWalletAddress: receiver, fees: [] });
  }, 60_000);

  it("sells the native coin as 0x's 0xEeee… token, with the value in 0x's transaction and no approval", async () => {
    const before = fake.requests.length;
    const amount = parseEther("0.2").toString();
    const q = await goodQuote({ inputToken: ETH, outputToken: USDC, inputAmount: amount });
    expect(fake.requests[before]!.query).toMatchObject({
      sellToken: FAKE_0X_NATIVE,
      buyToken: USDC_TOKEN.address,
    });
    const usdcBefore = await tokenBalance(USDC_TOKEN.address, s.from);
    const res = await execute(q, ETH, amount, USDC);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const done = await settleSwap(
      (res.body.activity.result as { executeSwapResult: { swapRequestId: string } }).executeSwapResult
        .swapRequestId,
    );
    expect(done.status).toBe("COMPLETED");
    expect(BigInt(done.outputAmount!)).toBe(BigInt(q.outputAmount));
    expect(await tokenBalance(USDC_TOKEN.address, s.from)).toBe(usdcBefore + BigInt(q.outputAmount));
  }, 60_000);

  it("reads a native output from the taker's balance change, gas included", async () => {
    const q = await goodQuote({ inputToken: USDC, outputToken: ETH, inputAmount: "300000000" });
    const ethBefore = await s.viem.getBalance({ address: s.from });
    const res = await execute(q, USDC, "300000000", ETH);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const done = await settleSwap(
      (res.body.activity.result as { executeSwapResult: { swapRequestId: string } }).executeSwapResult
        .swapRequestId,
    );
    expect(done.status).toBe("COMPLETED");
    expect(BigInt(done.outputAmount!)).toBe(BigInt(q.outputAmount));
    const receipt = await s.viem.getTransactionReceipt({ hash: done.originTxHash as `0x${string}` });
    expect(await s.viem.getBalance({ address: s.from })).toBe(
      ethBefore + BigInt(q.outputAmount) - receipt.gasUsed * receipt.effectiveGasPrice,
    );
  }, 60_000);

  it("accepts any ERC-20 on a 0x chain and passes 0x's refusal on as a 400 naming it", async () => {
    fake.fail({
      kind: "status",
      status: 400,
      body: {
        name: "TOKEN_NOT_SUPPORTED",
        message: "Token is not supported",
        data: { zid: "0xfake", details: [{ field: "buyToken", reason: "unknown token" }] },
      },
    });
    const res = await quote({
      inputToken: USDC,
      outputToken: `${CHAIN}/erc20:0x000000000000000000000000000000000000dEaD`,
      inputAmount: "1000000",
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/0x refused the quote: TOKEN_NOT_SUPPORTED: Token is not supported/);
    expect(JSON.stringify(res.body.details)).toMatch(/outputToken/);
  });

  it("answers 400 when 0x has no liquidity and when the taker holds too little", async () => {
    fake.fail({ kind: "noLiquidity" });
    const none = await quote({ inputToken: USDC, outputToken: WETH, inputAmount: "1000000" });
    expect(none.status).toBe(400);
    expect(none.body.message).toMatch(/0x found no liquidity/);
    const poor = await quote({ inputToken: USDC, outputToken: WETH, inputAmount: "1".padEnd(20, "0") });
    expect(poor.status).toBe(400);
    expect(poor.body.message).toMatch(/less than the inputAmount/);
  });

  it("waits out one 429 with a short Retry-After and quotes; a second 429 is a retryable 503", async () => {
    const before = fake.requests.length;
    fake.fail({ kind: "rateLimit", retryAfter: "1" });
    const started = Date.now();
    await goodQuote({ inputToken: USDC, outputToken: WETH, inputAmount: "1000000" });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(fake.requests.length - before).toBe(2);

    fake.fail({ kind: "rateLimit", retryAfter: "0" }, { kind: "rateLimit", retryAfter: "7" });
    const limited = await quote({ inputToken: USDC, outputToken: WETH, inputAmount: "1000000" });
    expect(limited.status).toBe(503);
    expect(limited.body.message).toMatch(/0x is rate limiting .* try the quote again in 7 s/);

    // A Retry-After longer than the adapter waits is not waited out: reported at once.
    const asked = fake.requests.length;
    fake.fail({ kind: "rateLimit", retryAfter: "60" });
    const later = await quote({ inputToken: USDC, outputToken: WETH, inputAmount: "1000000" });
    expect(later.status).toBe(503);
    expect(fake.requests.length - asked).toBe(1);
  });

  it("a slow 0x, a body that is not JSON, a 500 or a refused key are clear 503s, never a 500", async () => {
    for (const [fault, message] of [
      [{ kind: "slow", ms: TIMEOUT_MS + 300 }, new RegExp(`0x did not answer within ${TIMEOUT_MS} ms`)],
      [{ kind: "garbage" }, /not its documented JSON/],
      [{ kind: "status", status: 500, body: { name: "INTERNAL_SERVER_ERROR" } }, /0x answered HTTP 500/],
      [{ kind: "status", status: 401, body: { name: "UNAUTHORIZED" } }, /refused this server's API key/],
    ] as const) {
      fake.fail(fault);
      const res = await quote({ inputToken: USDC, outputToken: WETH, inputAmount: "1000000" });
      expect(res.status, fault.kind).toBe(503);
      expect(res.body.message, fault.kind).toMatch(message);
    }
  });

  it("refuses a 0x quote after expiresAt, with nothing sent", async () => {
    const q = await goodQuote({ inputToken: USDC, outputToken: WETH, inputAmount: "1000000" });
    s.t.clock.advance(Number(q.expiresAt) - s.t.clock.now().getTime());
    const res = await execute(q, USDC, "1000000", WETH);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/expired/);
  });
});
