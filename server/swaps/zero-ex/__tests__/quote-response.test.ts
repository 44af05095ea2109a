import { describe, expect, it } from "vitest";
import type { QuoteRequest } from "../../provider";
import { readZeroExQuote, ZERO_EX_NATIVE } from "../quote-response";

/** A 0x answer is checked against the request before Latchkey stores, and later signs, its transaction. */

const USDC = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";
const WETH = "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2";
const HOLDER = "0x0000000000001fF3684f28c67538d4D072C22734";
const TAKER = "0x1111111111111111111111111111111111111111";

const request: QuoteRequest = {
  input: { caip2: "eip155:1", caip19: `eip155:1/erc20:${USDC.toLowerCase()}`, address: USDC, stable: true },
  output: { caip2: "eip155:1", caip19: `eip155:1/erc20:${WETH.toLowerCase()}`, address: WETH, stable: false },
  inputAmount: 1_000_000n,
  signer: TAKER,
  clientFeeBps: 0,
  slippageBps: 100,
};

const answer = (overrides: Record<string, unknown> = {}) => ({
  liquidityAvailable: true,
  sellToken: USDC,
  buyToken: WETH,
  sellAmount: "1000000",
  buyAmount: "300000000000000",
  minBuyAmount: "297000000000000",
  allowanceTarget: HOLDER,
  issues: { allowance: { actual: "0", spender: HOLDER }, balance: null, simulationIncomplete: false },
  transaction: { to: HOLDER, data: "0x2213bc0b", value: "0", gas: "200000", gasPrice: "1" },
  ...overrides,
});

const read =
  (body: unknown, req = request, sell = USDC, buy = WETH) =>
  () =>
    readZeroExQuote(body, req, sell, buy);

describe("readZeroExQuote", () => {
  it("takes a quote that matches the request, with the approval for the allowance holder", () => {
    expect(read(answer())()).toEqual({
      buyAmount: 300000000000000n,
      minBuyAmount: 297000000000000n,
      transaction: { to: HOLDER, data: "0x2213bc0b", value: "0", spender: HOLDER },
    });
  });

  it("refuses, as 0x's fault (503), answers that disagree with the request", () => {
    for (const [body, message] of [
      [answer({ sellAmount: "2000000" }), /sellAmount 2000000 is not the inputAmount/],
      [answer({ buyToken: USDC }), /other tokens than asked/],
      [answer({ minBuyAmount: "290000000000000" }), /not within 100 bps/],
      [answer({ minBuyAmount: "300000000000001" }), /not within 100 bps/],
      [
        answer({ transaction: { to: HOLDER, data: "0x2213bc0b", value: "5" } }),
        /transaction.value 5 is not 0/,
      ],
      [
        answer({ issues: { allowance: { actual: "0", spender: TAKER }, balance: null } }),
        /allowance is asked for 0x1111.*not for the allowance holder/,
      ],
      [answer({ transaction: { to: "nowhere", data: "0x", value: "0" } }), /transaction.to/],
      [answer({ buyAmount: "-1" }), /buyAmount/],
      ["<html>", /body|liquidityAvailable/],
    ] as const) {
      expect(read(body), String(message)).toThrow(expect.objectContaining({ code: "UNAVAILABLE" }));
      expect(read(body)).toThrow(message);
    }
  });

  it("allows a minimum the fee's share of the slippage (plus 1 bp) lower: 0x may apply slippage before its fee", () => {
    // 30 bps fee × 100 bps slippage → 1 bp, plus 1 bp: the floor is 102 bps under buyAmount.
    const withFee = { ...request, clientFeeBps: 30 };
    expect(read(answer({ minBuyAmount: "296940000000000" }), withFee)().minBuyAmount).toBe(296940000000000n);
    expect(read(answer({ minBuyAmount: "296939999999999" }), withFee)).toThrow(/not within 100 bps/);
  });

  it("needs the sell amount as the value of a native sell", () => {
    const native = {
      ...request,
      input: { ...request.input, address: "0x0000000000000000000000000000000000000000" as const },
    };
    const body = answer({ sellToken: ZERO_EX_NATIVE, transaction: { to: HOLDER, data: "0x12", value: "0" } });
    expect(read(body, native, ZERO_EX_NATIVE)).toThrow(/transaction.value 0 is not 1000000/);
    const paid = answer({
      sellToken: ZERO_EX_NATIVE,
      transaction: { to: HOLDER, data: "0x12", value: "1000000" },
    });
    expect(read(paid, native, ZERO_EX_NATIVE)().transaction.value).toBe("1000000");
  });

  it("turns no liquidity, a short balance and a zero output into 400s naming the field", () => {
    for (const [body, message, field] of [
      [{ liquidityAvailable: false, zid: "0x1" }, /0x found no liquidity/, "outputToken"],
      [
        answer({ issues: { allowance: null, balance: { token: USDC, actual: "5", expected: "1000000" } } }),
        /holds 5 of .*less than the inputAmount 1000000/,
        "inputAmount",
      ],
      [answer({ buyAmount: "0", minBuyAmount: "0" }), /buys nothing/, "inputAmount"],
    ] as const) {
      expect(read(body)).toThrow(message);
      expect(read(body)).toThrow(
        expect.objectContaining({
          code: "INVALID_ARGUMENT",
          fieldViolations: [expect.objectContaining({ field })],
        }),
      );
    }
  });
});
