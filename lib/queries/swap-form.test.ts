import { describe, expect, it } from "vitest";
import { nativeAsset, type TAssetBalance } from "@/lib/api/assets";
import { quoteFigures, type SwapFormContext, secondsLeft, swapFormSchema } from "./swap-form";

const FROM = "0x8ba1f109551bD432803012645Ac136ddd64DBA72";
const usdc = {
  caip19: "eip155:1/erc20:0x5fbdb2315678afecb367f032d93f642f64180aa3",
  symbol: "USDC",
  decimals: 6,
  name: "USD Coin",
  stable: true,
};
const eth = nativeAsset("eip155:1");
const held = (asset: typeof usdc, units: bigint, display: string): TAssetBalance => ({
  ...asset,
  balance: units.toString(),
  display: { crypto: display },
});
const ctx: SwapFormContext = {
  from: FROM,
  assets: { "eip155:1": [eth, usdc] },
  balances: { "eip155:1": [held(usdc, 3_000_000_000n, "3000")] },
};
const fields = {
  caip2: "eip155:1",
  inputToken: usdc.caip19,
  outputToken: eth.caip19,
  amount: "1500",
  slippage: "0.5",
};

function problems(input: Record<string, unknown>) {
  const result = swapFormSchema(ctx).safeParse(input);
  expect(result.success).toBe(false);
  return result.error!.issues.map((i) => ({ field: i.path.join("."), message: i.message }));
}

describe("the Swap form", () => {
  it("turns display units and a slippage in percent into create_swap_quote's parameters", () => {
    const plan = swapFormSchema(ctx).parse(fields);
    expect(plan.params).toEqual({
      signWith: FROM,
      inputToken: usdc.caip19,
      outputToken: eth.caip19,
      inputAmount: "1500000000",
      slippageBps: "50",
    });
    expect(plan.output.symbol).toBe("ETH");
  });

  it("refuses more than the balance shown, a token swapped for itself, and slippage over 50 %", () => {
    expect(problems({ ...fields, amount: "3000.000001" })).toEqual([
      { field: "amount", message: "is more than the balance on Ethereum (3000 USDC)" },
    ]);
    // ETH is not in the balances shown: it is held at 0.
    expect(problems({ ...fields, inputToken: eth.caip19, outputToken: usdc.caip19, amount: "0.1" })).toEqual([
      { field: "amount", message: "is more than the balance on Ethereum (0 ETH)" },
    ]);
    expect(problems({ ...fields, outputToken: usdc.caip19 })).toEqual([
      { field: "outputToken", message: "must differ from the token you pay" },
    ]);
    expect(problems({ ...fields, slippage: "50.01" })).toEqual([
      { field: "slippage", message: "must be at most 50 %" },
    ]);
    expect(problems({ ...fields, slippage: "0.001", amount: "0" })).toEqual([
      { field: "slippage", message: "must have at most 2 decimals" },
      { field: "amount", message: "must be more than 0" },
    ]);
  });

  it("refuses a token the chain does not list and a chain without a swap provider", () => {
    expect(
      problems({ ...fields, outputToken: "eip155:1/erc20:0x0000000000000000000000000000000000000001" }),
    ).toEqual([{ field: "outputToken", message: "must be one of the chain's tokens listed here" }]);
    expect(problems({ ...fields, caip2: "bip122:000000000019d6689c085ae165831e93" })[0]).toEqual({
      field: "caip2",
      message: "must be one of this account's EVM or Solana chains",
    });
  });

  it("takes a Solana account's SOL and the devnet USDC (an SPL token) as the market maker trades them", () => {
    const chain = "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1";
    const sol = nativeAsset(chain);
    const splUsdc = { ...usdc, caip19: `${chain}/token:3gJETZR8SPiFfNTUS5mwmXy8JhDcL6LcdrNkJJg6JkSK` };
    const solanaCtx: SwapFormContext = {
      from: "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM",
      assets: { [chain]: [sol, splUsdc] },
      balances: { [chain]: [held(sol as typeof usdc, 2_000_000_000n, "2")] },
    };
    const plan = swapFormSchema(solanaCtx).parse({
      caip2: chain,
      inputToken: sol.caip19,
      outputToken: splUsdc.caip19,
      amount: "1.5",
      slippage: "1",
    });
    expect(plan.params).toEqual({
      signWith: solanaCtx.from,
      inputToken: sol.caip19,
      outputToken: splUsdc.caip19,
      inputAmount: "1500000000",
      slippageBps: "100",
    });
  });

  it("shows a quote in display units: rate, fee and minimum", () => {
    const plan = swapFormSchema(ctx).parse(fields);
    const figures = quoteFigures(plan, {
      quoteId: "q",
      provider: "LATCHKEY_LOCAL_POOLS",
      outputAmount: "495000000000000000",
      minOutputAmount: "492525000000000000",
      expiresAt: "0",
      slippageBps: "50",
      clientFeeBps: "25",
    });
    expect(figures).toEqual({
      pay: "1500 USDC",
      receive: "0.495 ETH",
      atLeast: "0.492525 ETH",
      rate: "1 USDC = 0.00033 ETH",
      fee: "0.25 %",
      slippage: "0.5 %",
    });
  });

  it("counts whole seconds down to the expiry, never below zero", () => {
    expect(secondsLeft("61000", 1000)).toBe(60);
    expect(secondsLeft("61000", 60_500)).toBe(1);
    expect(secondsLeft("61000", 70_000)).toBe(0);
  });
});
