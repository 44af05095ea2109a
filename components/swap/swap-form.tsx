"use client";

import { useEffect, useRef } from "react";
import { nativeAsset } from "@/lib/api/assets";
import type { ChainInfo } from "@/lib/api/chains";
import { useZodForm } from "@/lib/client/use-zod-form";
import { useSupportedAssets } from "@/lib/queries/assets";
import { useAddressBalances } from "@/lib/queries/balances";
import {
  type SwapFormContext,
  swapFormSchema,
  swappable,
  swapsOn,
  type TSwapFormInput,
} from "@/lib/queries/swap-form";
import { useSwapQuote } from "@/lib/queries/swaps";
import { ActivityOutcome } from "../ui/activity-outcome";
import { Button } from "../ui/button";
import { Field, FieldError, fieldErrorProps } from "../ui/field";
import { Label } from "../ui/label";
import { Select } from "../ui/select";
import { SwapQuote } from "./swap-quote";

/**
 * Swap one of the account's tokens for another on the chain's provider (the EVM pools, or the
 * Solana market maker): the fields give a quote
 * (create_swap_quote: rate, fee, minimum received, expiry), which the passkey executes; the swap is
 * then followed to COMPLETED or FAILED. Changing any field drops the quote shown, so what is
 * executed is always what the fields say.
 */
export function SwapForm({ from, chains }: { from: string; chains: readonly ChainInfo[] }) {
  const served = chains.filter((c) => swapsOn(c.caip2));
  const quote = useSwapQuote();
  const ctx = useRef<SwapFormContext>({ from, assets: {}, balances: {} }).current;
  const first = served[0]!.caip2;
  const defaults: TSwapFormInput = {
    caip2: first,
    inputToken: nativeAsset(first).caip19,
    outputToken: "",
    amount: "",
    slippage: "0.5",
  };
  const form = useZodForm(swapFormSchema(ctx), defaults);
  const caip2 = form.watch("caip2");
  const assets = useSupportedAssets(caip2);
  const balances = useAddressBalances(from, caip2);
  ctx.assets[caip2] = assets.data;
  ctx.balances[caip2] = balances.data;
  const tokens = (assets.data ?? [nativeAsset(caip2)]).filter(swappable);

  // Another chain has other tokens: start again from its native coin and the first other token.
  const other = tokens.find((a) => a.caip19 !== nativeAsset(caip2).caip19)?.caip19 ?? "";
  useEffect(() => {
    form.setValue("inputToken", nativeAsset(caip2).caip19);
    form.setValue("outputToken", other);
  }, [caip2, other, form]);
  // A quote stands for the fields it was asked with: any change drops it.
  const { reset } = quote;
  useEffect(() => {
    const watching = form.watch(() => reset());
    return () => watching.unsubscribe();
  }, [form, reset]);

  const [inputToken] = form.watch(["inputToken"]);
  const paid = tokens.find((a) => a.caip19 === inputToken);
  const held = paid && balances.data?.find((b) => b.caip19 === paid.caip19)?.display.crypto;
  const select = (name: "caip2" | "inputToken" | "outputToken", id: string) => ({
    ...fieldErrorProps(form, name, id),
    id,
  });
  const chain = select("caip2", "swapChain");
  const pay = select("inputToken", "swapInput");
  const receive = select("outputToken", "swapOutput");
  return (
    <div className="grid max-w-3xl gap-3">
      <form
        className="grid gap-3"
        onSubmit={form.handleSubmit((plan) => quote.mutate(plan))}
        noValidate
        aria-label="Swap"
      >
        <div className="grid gap-3 sm:grid-cols-3">
          {[
            {
              s: chain,
              label: "Chain",
              name: "caip2" as const,
              options: served.map((c) => [c.caip2, c.name]),
            },
            {
              s: pay,
              label: "You pay",
              name: "inputToken" as const,
              options: tokens.map((a) => [a.caip19, a.symbol]),
            },
            {
              s: receive,
              label: "You receive",
              name: "outputToken" as const,
              options: tokens.map((a) => [a.caip19, a.symbol]),
            },
          ].map(({ s, label, name, options }) => (
            <div key={name} className="grid gap-1.5">
              <Label htmlFor={s.id}>{label}</Label>
              <Select id={s.id} {...s.inputProps} {...form.register(name)}>
                {options.map(([value, text]) => (
                  <option key={value} value={value}>
                    {text}
                  </option>
                ))}
              </Select>
              <FieldError id={s.errorId} message={s.message} />
            </div>
          ))}
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field
            form={form}
            name="amount"
            id="swapAmount"
            label={`Amount (${paid?.symbol ?? "?"})`}
            inputMode="decimal"
            autoComplete="off"
            hint={
              held !== undefined || balances.data
                ? `Balance: ${held ?? "0"} ${paid?.symbol ?? ""}`
                : undefined
            }
          />
          <Field form={form} name="slippage" id="swapSlippage" label="Slippage (%)" inputMode="decimal" />
        </div>
        <div>
          <Button type="submit" variant="outline" disabled={quote.isPending}>
            {quote.isPending ? "Quoting…" : "Get quote"}
          </Button>
        </div>
        <ActivityOutcome activity={quote.data?.activity} error={quote.error} />
      </form>
      {quote.data?.quote && (
        <SwapQuote key={quote.data.quote.quoteId} plan={quote.data.plan} quote={quote.data.quote} />
      )}
    </div>
  );
}
