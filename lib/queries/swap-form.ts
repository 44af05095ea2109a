import { formatUnits } from "viem";
import { z } from "zod";
import type { TAssetBalance, TAssetMetadata } from "@/lib/api/assets";
import { chainInfo } from "@/lib/api/chains";
import { MAX_SLIPPAGE_BPS, type TCreateSwapQuoteParams, type TSwapQuote } from "@/lib/api/swaps";
import { parseDisplayAmount } from "@/lib/client/amounts";
import { assetReference } from "@/lib/client/asset-reference";
import { amountWithinBalance } from "./amount-within-balance";

/**
 * What the Swap form knows besides its fields, filled in by the page as answers arrive: the account,
 * each chain's assets (list_supported_assets) and the non-zero balances it shows.
 */
export interface SwapFormContext {
  from: string;
  assets: Record<string, readonly TAssetMetadata[] | undefined>;
  balances: Record<string, readonly TAssetBalance[] | undefined>;
}

/** A validated swap request: create_swap_quote's parameters and the two assets, to show amounts. */
export interface SwapPlan {
  params: TCreateSwapQuoteParams;
  input: TAssetMetadata;
  output: TAssetMetadata;
}

/**
 * Tokens the swap providers trade: a chain's native coin, an ERC-20 the EVM pools list, or an SPL
 * token the Solana market maker lists (both come from list_supported_assets).
 */
export const swappable = (asset: TAssetMetadata) => {
  const kind = assetReference(asset.caip19).kind;
  return kind === "native" || kind === "erc20" || kind === "spl";
};

/** Chains with a swap provider: the EVM pools and the Solana market maker. */
export const swapsOn = (caip2: string) => {
  const family = chainInfo(caip2)?.family;
  return family === "evm" || family === "svm";
};

/**
 * The Swap form: chain, the token given and the token wanted, the amount in display units, the
 * slippage in percent. It checks what create_swap_quote checks plus what only the page knows (the
 * decimals, the balance shown), so a refused swap costs no round trip.
 */
export const swapFormSchema = (ctx: SwapFormContext) =>
  z
    .object({
      caip2: z.string().refine(swapsOn, { message: "must be one of this account's EVM or Solana chains" }),
      inputToken: z.string(),
      outputToken: z.string(),
      amount: z.string(),
      slippage: z.string(),
    })
    .transform((fields, issues): SwapPlan => {
      let refused = false;
      const problem = (path: string, message: string) => {
        issues.addIssue({ code: "custom", path: [path], message });
        refused = true;
      };
      const listed = ctx.assets[fields.caip2] ?? [];
      const input = listed.find((a) => a.caip19 === fields.inputToken && swappable(a));
      const output = listed.find((a) => a.caip19 === fields.outputToken && swappable(a));
      if (!input) problem("inputToken", "must be one of the chain's tokens listed here");
      if (!output) problem("outputToken", "must be one of the chain's tokens listed here");
      else if (input && input.caip19 === output.caip19)
        problem("outputToken", "must differ from the token you pay");
      // Basis points are hundredths of a percent: "0.5" % is 50 bps, exactly.
      const slippage = parseDisplayAmount(fields.slippage, 2);
      if ("problem" in slippage) problem("slippage", slippage.problem);
      else if (slippage.units > BigInt(MAX_SLIPPAGE_BPS))
        problem("slippage", `must be at most ${MAX_SLIPPAGE_BPS / 100} %`);
      const units = input
        ? amountWithinBalance(fields.caip2, input, fields.amount, ctx.balances, problem)
        : undefined;
      if (refused || !input || !output || units === undefined || "problem" in slippage) return z.NEVER;
      return {
        params: {
          signWith: ctx.from,
          inputToken: input.caip19,
          outputToken: output.caip19,
          inputAmount: units.toString(),
          slippageBps: slippage.units.toString(),
        },
        input,
        output,
      };
    });
export type TSwapFormInput = z.input<ReturnType<typeof swapFormSchema>>;

/** A quote as a person reads it: amounts in display units, the rate, the fee in percent. */
export function quoteFigures(plan: SwapPlan, quote: TSwapQuote) {
  const pay = formatUnits(BigInt(plan.params.inputAmount), plan.input.decimals);
  const receive = formatUnits(BigInt(quote.outputAmount), plan.output.decimals);
  const atLeast = formatUnits(BigInt(quote.minOutputAmount), plan.output.decimals);
  // For display only: a float is precise enough for six significant digits of a price.
  const rate = Number(receive) / Number(pay);
  return {
    pay: `${pay} ${plan.input.symbol}`,
    receive: `${receive} ${plan.output.symbol}`,
    atLeast: `${atLeast} ${plan.output.symbol}`,
    rate: `1 ${plan.input.symbol} = ${Number(rate.toPrecision(6))} ${plan.output.symbol}`,
    fee: `${Number(quote.clientFeeBps) / 100} %`,
    slippage: `${Number(quote.slippageBps ?? plan.params.slippageBps) / 100} %`,
  };
}

/** Whole seconds until a quote's expiresAt (ms since the epoch), never below zero. */
export const secondsLeft = (expiresAt: string, now: number) =>
  Math.max(0, Math.ceil((Number(expiresAt) - now) / 1000));
