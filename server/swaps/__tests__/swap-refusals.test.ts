import { parseEther, toHex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TActivity } from "@/lib/api/activity";
import type { TSwapQuote, TSwapStatus } from "@/lib/api/swaps";
import { faucetCall } from "../../chains/__tests__/rpc-scene";
import { erc20Caip19, SEEDED_TOKENS } from "../../chains/evm/seeded-tokens";
import { runDueJobs } from "../../jobs/worker";
import { CHAIN, type SendScene, sendScene, startSendScene } from "../../sends/__tests__/send-scene";
import { SEND_JOB_HANDLERS } from "../../sends/jobs";
import { databaseDigest } from "../../testing/db-snapshot";

/** create_swap_quote and execute_swap refusing what they must, in-process (PGlite or PostgreSQL). */

let s: SendScene;
const ETH = `${CHAIN}/slip44:60`;
const USDC = erc20Caip19(CHAIN, SEEDED_TOKENS[0]!.address);
const WETH = erc20Caip19(CHAIN, SEEDED_TOKENS[1]!.address);
beforeAll(async () => {
  s = await startSendScene();
  await faucetCall(s.t, CHAIN, [s.from, USDC, "10000000"]); // 10 USDC
}, 120_000);
afterAll(async () => s?.close());

type Body = { activity: TActivity; message: string; details?: unknown };

async function quote(parameters: Record<string, unknown>) {
  return (await s.submit("create_swap_quote", "ACTIVITY_TYPE_CREATE_SWAP_QUOTE", {
    signWith: s.from,
    inputToken: USDC,
    outputToken: ETH,
    inputAmount: "1000000",
    ...parameters,
  })) as { status: number; body: Body };
}

async function goodQuote(
  parameters: Record<string, unknown> = {},
): Promise<TSwapQuote & { inputAmount: string }> {
  const res = await quote(parameters);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const q = (res.body.activity.result as { createSwapQuoteResult: { quotes: TSwapQuote[] } })
    .createSwapQuoteResult.quotes[0]!;
  return { ...q, inputAmount: (parameters.inputAmount as string) ?? "1000000" };
}

const execute = (q: TSwapQuote & { inputAmount: string }, overrides: Record<string, unknown> = {}, org = s) =>
  org.submit("execute_swap", "ACTIVITY_TYPE_EXECUTE_SWAP_V2", {
    quoteId: q.quoteId,
    inputToken: USDC,
    inputAmount: q.inputAmount,
    outputToken: ETH,
    quotedOutputAmount: q.outputAmount,
    minOutputAmount: q.minOutputAmount,
    sponsor: false,
    ...overrides,
  }) as Promise<{ status: number; body: Body }>;

describe("create_swap_quote refuses", () => {
  it.each([
    [
      "an unknown token",
      { outputToken: `${CHAIN}/erc20:0x000000000000000000000000000000000000dead` },
      /not a token the swap pools trade/,
    ],
    ["a chain not served", { outputToken: "eip155:10/slip44:60" }, /chain this server does not serve/],
    [
      "a Solana asset for an Ethereum signer",
      { inputToken: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp/slip44:501" },
      /not a Solana \(ed25519\) account/,
    ],
    [
      "a Solana asset for an EVM one",
      { outputToken: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp/slip44:501" },
      /the EVM pools trade EVM assets only/,
    ],
    ["the same asset twice", { outputToken: USDC }, /the same asset/],
    ["a zero amount", { inputAmount: "0" }, /more than zero/],
    ["more than the wallet holds", { inputAmount: "1".padEnd(40, "0") }, /less than the inputAmount/],
    ["a slippage above 50 %", { slippageBps: "5001" }, /at most 5000/],
    [
      "an address of no account of this organization",
      { signWith: "0x000000000000000000000000000000000000bEEF" },
      /not a wallet account or private key address/,
    ],
    ["a malformed CAIP-19", { inputToken: "usdc" }, /CAIP-19/],
  ])("%s with a clear 400, writing nothing", async (_, parameters, message) => {
    const before = await databaseDigest(s.t.app);
    const res = await quote(parameters);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(JSON.stringify(res.body)).toMatch(message);
    expect(await databaseDigest(s.t.app)).toEqual(before);
  });
});

describe("execute_swap refuses", () => {
  it("a quote after expiresAt, with nothing sent", async () => {
    const q = await goodQuote();
    s.t.clock.advance(Number(q.expiresAt) - s.t.clock.now().getTime());
    const before = await databaseDigest(s.t.app);
    const res = await execute(q);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/expired/);
    expect(await databaseDigest(s.t.app)).toEqual(before);
  });

  it("fields that disagree with the quote", async () => {
    const q = await goodQuote();
    const before = await databaseDigest(s.t.app);
    for (const [field, value] of [
      ["minOutputAmount", "1"],
      ["quotedOutputAmount", (BigInt(q.outputAmount) + 1n).toString()],
      ["inputAmount", "999999"],
      ["outputToken", WETH],
    ] as const) {
      const res = await execute(q, { [field]: value });
      expect(res.status, field).toBe(400);
      expect(res.body.message, field).toMatch(new RegExp(`${field}.*must equal the quote`));
    }
    expect(await databaseDigest(s.t.app)).toEqual(before);
  });

  it("another organization's quote, as if it did not exist", async () => {
    const q = await goodQuote();
    const other = await sendScene(s.t);
    const before = await databaseDigest(s.t.app);
    const res = await execute(q, {}, other);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/no swap quote .* in this organization/);
    expect(await databaseDigest(s.t.app)).toEqual(before);
  });
});

describe("a swap whose wallet was emptied after the quote", () => {
  it("is accepted, then FAILED with ORIGIN_TRANSACTION_FAILED and the chain's reason", async () => {
    const q = await goodQuote({ inputAmount: "5000000" });
    // The USDC leaves the wallet between quote and execution (another send of its own).
    await s.rpc("anvil_setBalance", [s.from, toHex(parseEther("1"))]);
    const drained = await s.sendId({
      calls: [
        {
          to: SEEDED_TOKENS[0]!.address,
          data: `0xa9059cbb${"000000000000000000000000000000000000000000000000000000000000dead".padStart(64, "0")}${10_000_000n.toString(16).padStart(64, "0")}`,
        },
      ],
    });
    expect((await s.settle(drained)).txStatus).toBe("COMPLETED");
    const res = await execute(q);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { swapRequestId } = (res.body.activity.result as { executeSwapResult: { swapRequestId: string } })
      .executeSwapResult;
    let status: TSwapStatus | undefined;
    for (let round = 0; round < 20; round++) {
      await runDueJobs(s.t.app, SEND_JOB_HANDLERS);
      status = (
        await s.t.call<TSwapStatus>(
          "query",
          "get_swap_status",
          { organizationId: s.org.organizationId, swapRequestId },
          s.org.key,
        )
      ).body;
      if (status.status !== "PENDING") break;
      s.t.clock.advance(1_000);
    }
    expect(status).toMatchObject({ status: "FAILED", error: { reason: "ORIGIN_TRANSACTION_FAILED" } });
    expect(status!.error!.message).toMatch(/ERC20InsufficientBalance/);
  });
});
