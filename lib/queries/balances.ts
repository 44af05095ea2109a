"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { query } from "@/lib/client/api";
import { fetchLocalChains, requestFaucet } from "@/lib/client/local-devnets";
import { useSession } from "@/lib/client/session-context";

/** Query keys: every balance starts with BALANCES, so a send or a faucet refreshes them all. */
export const BALANCES = "balances";
const LOCAL_CHAINS = "local-chains";

/** caip2 → whether it is a local devnet. Configuration does not change while the server runs. */
export const useLocalChains = () =>
  useQuery({ queryKey: [LOCAL_CHAINS], queryFn: fetchLocalChains, staleTime: Number.POSITIVE_INFINITY });

/** One address's balances on one chain; each chain its own query, so one that fails leaves the others. */
export function useAddressBalances(address: string, caip2: string) {
  const session = useSession();
  return useQuery({
    queryKey: [BALANCES, caip2, address],
    queryFn: async () => (await query(session, "get_wallet_address_balances", { address, caip2 })).balances,
    retry: false,
  });
}

/** The local devnet's faucet: `units` of the native coin to the address, then its balances read again. */
export function useFund(address: string, caip2: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (units: bigint) => requestFaucet(caip2, address, units),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [BALANCES, caip2, address] }),
  });
}

const HISTORY = "eth-history";
const HISTORY_POLL_MS = 5000;

/**
 * The chain's own record of the address (list_eth_transaction_history): what it sent and received,
 * through Latchkey or not, once confirmed. The server indexes new blocks as they come, so it is
 * asked again every few seconds while shown.
 */
export function useEthHistory(address: string, caip2: string) {
  const session = useSession();
  return useQuery({
    queryKey: [HISTORY, caip2, address],
    queryFn: async () =>
      (
        await query(session, "list_eth_transaction_history", {
          address,
          caip2,
          paginationOptions: { limit: "20" },
        })
      ).transactions,
    refetchInterval: HISTORY_POLL_MS,
    retry: false,
  });
}
