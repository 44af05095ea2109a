"use client";

import { useQuery } from "@tanstack/react-query";
import { chainInfo } from "@/lib/api/chains";
import type { TWalletAccount } from "@/lib/api/wallets";
import { chainsOfAccount } from "@/lib/client/account-chains";
import { query } from "@/lib/client/api";
import { type BalanceRead, type BalanceSummary, summarizeBalances } from "@/lib/client/balance-summary";
import { fetchChainStates } from "@/lib/client/local-devnets";
import { useSession } from "@/lib/client/session-context";
import type { StoredSession } from "@/lib/client/session-store";
import { BALANCES } from "./balances";

/** list_wallet_accounts' largest page. */
const PAGE = 100;
/** The most address × chain reads one summary makes; beyond, it says it is partial. */
const MAX_READS = 200;
/** Reads in flight at once: a browser's connections, and the server's, are shared with the page. */
const PARALLEL = 6;

export interface OverviewBalances {
  summary: BalanceSummary;
  /** Addresses read (of the organization's wallet accounts on a chain Latchkey reads). */
  addresses: number;
  /** Chains whose read failed for some address (an unreachable node), by name. */
  failedChains: string[];
  /** Local devnets not running now: not read unless asked, since reading one starts it. */
  stoppedChains: string[];
  /** More reads were due than MAX_READS. */
  partial: boolean;
}

async function allAccounts(session: StoredSession): Promise<TWalletAccount[]> {
  const accounts: TWalletAccount[] = [];
  for (;;) {
    const after = accounts.at(-1)?.walletAccountId;
    const page = await query(session, "list_wallet_accounts", {
      paginationOptions: { limit: String(PAGE), ...(after ? { after } : {}) },
    });
    accounts.push(...page.accounts);
    if (page.accounts.length < PAGE) return accounts;
  }
}

/** Run `tasks` with at most `limit` at once, each settling on its own. */
async function settleAll<T>(tasks: (() => Promise<T>)[], limit: number): Promise<PromiseSettledResult<T>[]> {
  const results: PromiseSettledResult<T>[] = new Array(tasks.length);
  let next = 0;
  const lane = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]!().then(
        (value) => ({ status: "fulfilled" as const, value }),
        (reason: unknown) => ({ status: "rejected" as const, reason }),
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, lane));
  return results;
}

/**
 * The organization's balances per chain and asset: every wallet account's address read with
 * get_wallet_address_balances on each chain of its family, as the account page reads them. Local
 * devnets that are not running are skipped unless `includeStopped`, so opening the overview does
 * not start every devnet. Under the BALANCES key: a send or a faucet refreshes it.
 */
export function useOverviewBalances(includeStopped: boolean) {
  const session = useSession();
  return useQuery({
    queryKey: [BALANCES, "overview", includeStopped],
    queryFn: async (): Promise<OverviewBalances> => {
      const [chains, accounts] = await Promise.all([fetchChainStates(), allAccounts(session)]);
      const stopped = new Set(chains.filter((c) => c.local && !c.running).map((c) => c.caip2));
      const reads = new Map<string, { address: string; caip2: string }>();
      for (const account of accounts) {
        for (const chain of chainsOfAccount(account.addressFormat)) {
          if (!includeStopped && stopped.has(chain.caip2)) continue;
          reads.set(`${chain.caip2} ${account.address}`, { address: account.address, caip2: chain.caip2 });
        }
      }
      const due = [...reads.values()];
      const done = due.slice(0, MAX_READS);
      const settled = await settleAll(
        done.map(({ address, caip2 }) => async (): Promise<BalanceRead> => {
          const { balances } = await query(session, "get_wallet_address_balances", { address, caip2 });
          return { caip2, balances };
        }),
        PARALLEL,
      );
      const failed = new Set<string>();
      const answered: BalanceRead[] = [];
      settled.forEach((result, i) => {
        if (result.status === "fulfilled") answered.push(result.value);
        else failed.add(chainInfo(done[i]!.caip2)?.name ?? done[i]!.caip2);
      });
      return {
        summary: summarizeBalances(answered),
        addresses: new Set(done.map((r) => r.address)).size,
        failedChains: [...failed],
        stoppedChains: includeStopped ? [] : [...stopped].map((caip2) => chainInfo(caip2)?.name ?? caip2),
        partial: due.length > done.length,
      };
    },
  });
}
