"use client";

import { useQuery } from "@tanstack/react-query";
import type { TActivity } from "@/lib/api/activity";
import { query } from "@/lib/client/api";
import { useSession } from "@/lib/client/session-context";
import { useActivityMutation } from "./activity-mutation";
import type { TSwapConfigForm } from "./swap-fee-form";

/** Query keys: the config in force, and the fees owed to its receiver (read from the chain). */
export const SWAP_CONFIG = "swap-config";
export const SWAP_FEES = "swap-fees";

/** The swap fee config as upsert_swap_config left it (defaults when never set). */
export function useSwapConfig() {
  const session = useSession();
  return useQuery({
    queryKey: [SWAP_CONFIG],
    queryFn: async () => (await query(session, "get_swap_config")).swapConfig,
  });
}

/** Fees accrue with every swap anyone in the organization makes: asked again while the page is open. */
export function useSwapFees() {
  const session = useSession();
  return useQuery({
    queryKey: [SWAP_FEES],
    queryFn: () => query(session, "list_swap_fees"),
    refetchInterval: 10_000,
    retry: false,
  });
}

export const useUpsertSwapConfig = () =>
  useActivityMutation<TSwapConfigForm>("upsert_swap_config", (p) => p, [SWAP_CONFIG, SWAP_FEES]);

export const useClaimSwapFees = () => useActivityMutation<void>("claim_swap_fees", () => ({}), [SWAP_FEES]);

/** The send a completed claim started (none while it waits for consensus). */
export function claimRequestId(activity: TActivity | undefined): string | undefined {
  const result = activity?.result as { claimSwapFeesResult?: { requestId: string } } | undefined;
  return result?.claimSwapFeesResult?.requestId;
}
