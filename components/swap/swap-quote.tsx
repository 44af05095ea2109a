"use client";

import { useEffect, useState } from "react";
import type { TSwapQuote } from "@/lib/api/swaps";
import { quoteFigures, type SwapPlan, secondsLeft } from "@/lib/queries/swap-form";
import { swapRequestId, useExecuteSwap } from "@/lib/queries/swaps";
import { ActivityOutcome } from "../ui/activity-outcome";
import { Button } from "../ui/button";
import { SwapStatus } from "./swap-status";

/** Seconds until the quote expires, counted down once a second (the server refuses it after). */
function useCountdown(expiresAt: string) {
  const [left, setLeft] = useState(() => secondsLeft(expiresAt, Date.now()));
  useEffect(() => {
    const timer = setInterval(() => setLeft(secondsLeft(expiresAt, Date.now())), 1000);
    return () => clearInterval(timer);
  }, [expiresAt]);
  return left;
}

/**
 * A quote as the pools gave it — what is paid, what is received and at least, the rate, the client
 * fee (already out of the amounts) and the time left — and its execution by the passkey, followed
 * until final. An expired quote cannot be executed: the form asks for a new one.
 */
export function SwapQuote({ plan, quote }: { plan: SwapPlan; quote: TSwapQuote }) {
  const execute = useExecuteSwap();
  const left = useCountdown(quote.expiresAt);
  const figures = quoteFigures(plan, quote);
  const requestId = swapRequestId(execute.data);
  const executed = execute.isPending || execute.data !== undefined;
  const rows: [string, string, string][] = [
    ["You pay", figures.pay, "quote-pay"],
    ["You receive", figures.receive, "quote-receive"],
    ["At least", figures.atLeast, "quote-min"],
    ["Rate", figures.rate, "quote-rate"],
    ["Fee", figures.fee, "quote-fee"],
    ["Slippage", figures.slippage, "quote-slippage"],
  ];
  return (
    <section
      className="grid gap-3 rounded-md border p-4"
      aria-label="Swap quote"
      data-quote-id={quote.quoteId}
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map(([term, value, testId]) => (
          <div key={term} className="contents">
            <dt className="text-muted-foreground">{term}</dt>
            <dd className="font-mono" data-testid={testId}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {!executed && (
        <p className="text-sm" data-testid="quote-expiry" role="timer">
          {left > 0 ? `Expires in ${left} s` : "Expired: get a new quote"}
        </p>
      )}
      <div>
        <Button
          type="button"
          disabled={executed || left === 0}
          onClick={() => execute.mutate({ plan, quote })}
        >
          {execute.isPending ? "Swapping…" : "Swap with passkey"}
        </Button>
      </div>
      <ActivityOutcome activity={execute.data} error={execute.error} />
      {requestId && <SwapStatus key={requestId} swapRequestId={requestId} plan={plan} />}
    </section>
  );
}
