import { z } from "zod";
import { ApiError, invalid } from "../../errors";
import type { QuoteRequest } from "../provider";

/** 0x's stand-in for a chain's native coin in sellToken / buyToken. */
export const ZERO_EX_NATIVE = "0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE";

const ZAmount = z.string().regex(/^\d+$/);
const ZAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/);

/** The fields of GET /swap/allowance-holder/quote this adapter relies on (0x Swap API v2). */
const ZQuote = z.object({
  liquidityAvailable: z.literal(true),
  sellToken: ZAddress,
  buyToken: ZAddress,
  sellAmount: ZAmount,
  buyAmount: ZAmount,
  minBuyAmount: ZAmount,
  allowanceTarget: ZAddress.nullish(),
  transaction: z.object({
    to: ZAddress,
    data: z.string().regex(/^0x([0-9a-fA-F]{2})+$/),
    value: ZAmount,
  }),
  issues: z
    .object({
      allowance: z.object({ spender: ZAddress }).nullish(),
      balance: z.object({ token: ZAddress, actual: ZAmount, expected: ZAmount }).nullish(),
    })
    .nullish(),
});

/** What a quote stores to build its calls again: 0x's transaction and who the approval is for. */
export interface ZeroExTransaction {
  to: `0x${string}`;
  data: `0x${string}`;
  value: string;
  spender: `0x${string}`;
}

const outOfShape = (why: string) =>
  new ApiError("UNAVAILABLE", "SWAP_PROVIDER_UNAVAILABLE", `0x answered a quote Latchkey cannot use: ${why}`);

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Reads a 0x quote and checks it against what was asked before anything of it is stored: the same
 * tokens and sell amount, a minimum within the requested slippage, native value only for a native
 * sell, and an approval only for the contract the transaction calls (the allowance holder). A key
 * custodian signs what this returns, so an answer that disagrees with the request is refused (503)
 * rather than trusted.
 */
export function readZeroExQuote(body: unknown, request: QuoteRequest, sellToken: string, buyToken: string) {
  if ((body as { liquidityAvailable?: unknown }).liquidityAvailable === false) {
    throw invalid(
      `0x found no liquidity to swap ${request.inputAmount} of ${request.input.caip19} into ${request.output.caip19}`,
      "outputToken",
    );
  }
  const parsed = ZQuote.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw outOfShape(`${issue.path.join(".") || "body"}: ${issue.message}`);
  }
  const q = parsed.data;
  const balance = q.issues?.balance;
  if (balance && BigInt(balance.actual) < BigInt(balance.expected)) {
    throw invalid(
      `${request.signer} holds ${balance.actual} of ${request.input.caip19}, less than the inputAmount ${request.inputAmount}`,
      "inputAmount",
    );
  }
  if (!same(q.sellToken, sellToken) || !same(q.buyToken, buyToken))
    throw outOfShape("other tokens than asked");
  if (BigInt(q.sellAmount) !== request.inputAmount)
    throw outOfShape(`sellAmount ${q.sellAmount} is not the inputAmount`);
  const buyAmount = BigInt(q.buyAmount);
  const minBuyAmount = BigInt(q.minBuyAmount);
  // A provider may apply the slippage before taking the integrator fee rather than after (the fee's
  // share of the slippage, clientFeeBps × slippageBps), and round: that much, plus 1 bp, is allowed.
  const toleranceBps = Math.ceil((request.clientFeeBps * request.slippageBps) / 10_000) + 1;
  const floor = (buyAmount * BigInt(10_000 - request.slippageBps - toleranceBps)) / 10_000n;
  if (buyAmount === 0n) throw invalid("inputAmount is too small: it buys nothing", "inputAmount");
  if (minBuyAmount > buyAmount || minBuyAmount < floor) {
    throw outOfShape(
      `minBuyAmount ${q.minBuyAmount} is not within ${request.slippageBps} bps of buyAmount ${q.buyAmount}`,
    );
  }
  const nativeSell = same(sellToken, ZERO_EX_NATIVE);
  const expectedValue = nativeSell ? request.inputAmount : 0n;
  if (BigInt(q.transaction.value) !== expectedValue) {
    throw outOfShape(`transaction.value ${q.transaction.value} is not ${expectedValue}`);
  }
  const spender = (q.issues?.allowance?.spender ?? q.allowanceTarget ?? q.transaction.to) as `0x${string}`;
  if (!nativeSell && !same(spender, q.transaction.to)) {
    throw outOfShape(
      `the allowance is asked for ${spender}, not for the allowance holder ${q.transaction.to}`,
    );
  }
  const transaction: ZeroExTransaction = {
    to: q.transaction.to as `0x${string}`,
    data: q.transaction.data as `0x${string}`,
    value: q.transaction.value,
    spender,
  };
  return { buyAmount, minBuyAmount, transaction };
}
