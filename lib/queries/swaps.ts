"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { z } from "zod";
import type { TActivity } from "@/lib/api/activity";
import { type TSwapQuote, ZSwapQuote } from "@/lib/api/swaps";
import { completed, query, submit } from "@/lib/client/api";
import { useSession } from "@/lib/client/session-context";
import { ACTIVITIES } from "./activities";
import { BALANCES } from "./balances";
import type { SwapPlan } from "./swap-form";

const SWAP_STATUS = "swap-status";

const ZQuoteResult = z.object({ createSwapQuoteResult: z.object({ quotes: z.array(ZSwapQuote).min(1) }) });
const ZExecuteResult = z.object({ executeSwapResult: z.object({ swapRequestId: z.string() }) });

export interface QuotedSwap {
  plan: SwapPlan;
  activity: TActivity;
  /** Absent while the quote waits for consensus (a policy may ask approvals even for a price). */
  quote?: TSwapQuote;
}

/**
 * Ask for a price: create_swap_quote stamped with the session key. A quote moves nothing and binds
 * nothing but itself — the execution, which spends, is what the passkey signs — so asking for a
 * fresh price after the last one expired costs no prompt.
 */
export function useSwapQuote() {
  const session = useSession();
  return useMutation({
    mutationFn: async (plan: SwapPlan): Promise<QuotedSwap> => {
      const activity = completed(
        await submit(session.organizationId, "create_swap_quote", plan.params, { session }),
      );
      const parsed = ZQuoteResult.safeParse(activity.result);
      return {
        plan,
        activity,
        quote: parsed.success ? parsed.data.createSwapQuoteResult.quotes[0] : undefined,
      };
    },
  });
}

/** Execute a quote exactly as quoted (execute_swap repeats its fields), stamped by the passkey. */
export function useExecuteSwap() {
  const session = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ plan, quote }: { plan: SwapPlan; quote: TSwapQuote }) =>
      completed(
        await submit(
          session.organizationId,
          "execute_swap",
          {
            quoteId: quote.quoteId,
            inputToken: plan.params.inputToken,
            inputAmount: plan.params.inputAmount,
            outputToken: plan.params.outputToken,
            quotedOutputAmount: quote.outputAmount,
            minOutputAmount: quote.minOutputAmount,
            sponsor: false,
          },
          { passkey: true },
        ),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ACTIVITIES] }),
  });
}

/** The swap request id an executed swap returned (none while it waits for consensus). */
export function swapRequestId(activity: TActivity | undefined): string | undefined {
  const parsed = ZExecuteResult.safeParse(activity?.result);
  return parsed.success ? parsed.data.executeSwapResult.swapRequestId : undefined;
}

const POLL_MS = 1000;

/** get_swap_status every second until COMPLETED or FAILED; then the balances are read again. */
export function useSwapStatus(id: string) {
  const session = useSession();
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: [SWAP_STATUS, id],
    queryFn: () => query(session, "get_swap_status", { swapRequestId: id }),
    refetchInterval: (q) => (q.state.data && q.state.data.status !== "PENDING" ? false : POLL_MS),
  });
  const final = status.data !== undefined && status.data.status !== "PENDING";
  useEffect(() => {
    if (final) queryClient.invalidateQueries({ queryKey: [BALANCES] });
  }, [final, queryClient]);
  return status;
}
