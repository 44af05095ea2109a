"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { query } from "@/lib/client/api";
import { useSession } from "@/lib/client/session-context";

export const ONRAMP = "onramp";

export interface OnRampFilters {
  status: string;
  provider: string;
}

/** Recent purchases, newest first, of one status and/or provider when chosen. */
export function useOnRampTransactions(filters: OnRampFilters) {
  const session = useSession();
  return useQuery({
    queryKey: [ONRAMP, "list", filters],
    queryFn: async () =>
      (
        await query(session, "list_onramp_transactions", {
          ...(filters.status ? { transactionStatus: filters.status } : {}),
          ...(filters.provider ? { onrampProvider: filters.provider } : {}),
          paginationOptions: { limit: "50" },
        })
      ).transactions,
  });
}

/** One purchase and its history; nothing is asked until an id is given. */
export function useOnRampTransaction(transactionId: string) {
  const session = useSession();
  return useQuery({
    queryKey: [ONRAMP, "one", transactionId],
    enabled: transactionId.length > 0,
    retry: false,
    queryFn: () => query(session, "get_onramp_transaction", { transactionId }),
  });
}

/** Ask the provider (refresh: true), then read the purchase and the list again. */
export function useRefreshOnRamp() {
  const session = useSession();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (transactionId: string) =>
      query(session, "get_onramp_transaction_status", { transactionId, refresh: true }),
    onSettled: () => client.invalidateQueries({ queryKey: [ONRAMP] }),
  });
}
