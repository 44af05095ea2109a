"use client";

import { useQuery } from "@tanstack/react-query";
import type { TWallet, TWalletAccount } from "@/lib/api/wallets";
import { queryUnchecked } from "@/lib/client/api";
import { useSession } from "@/lib/client/session-context";

/**
 * The list and each wallet have separate key prefixes: deleting a wallet refreshes the list without
 * asking the server again for the wallet it has just deleted (a 404), while the page still shows it.
 */
export const WALLET_LIST = "wallets";
export const WALLET = "wallet";
const walletKeys = {
  list: [WALLET_LIST],
  one: (walletId: string) => [WALLET, walletId],
  accounts: (walletId: string) => [WALLET, walletId, "accounts"],
};

export function useWallets() {
  const session = useSession();
  return useQuery({
    queryKey: walletKeys.list,
    queryFn: async () => (await queryUnchecked<{ wallets: TWallet[] }>(session, "list_wallets")).wallets,
  });
}

export function useWallet(walletId: string) {
  const session = useSession();
  return useQuery({
    queryKey: walletKeys.one(walletId),
    queryFn: async () =>
      (await queryUnchecked<{ wallet: TWallet }>(session, "get_wallet", { walletId })).wallet,
  });
}

const PAGE = 100;

/** Every account of the wallet, oldest first: list_wallet_accounts pages at most 100 at a time. */
export function useWalletAccounts(walletId: string) {
  const session = useSession();
  return useQuery({
    queryKey: walletKeys.accounts(walletId),
    queryFn: async () => {
      const accounts: TWalletAccount[] = [];
      for (;;) {
        const after = accounts.at(-1)?.walletAccountId;
        const page = await queryUnchecked<{ accounts: TWalletAccount[] }>(session, "list_wallet_accounts", {
          walletId,
          paginationOptions: { limit: String(PAGE), ...(after ? { after } : {}) },
        });
        accounts.push(...page.accounts);
        if (page.accounts.length < PAGE) return accounts;
      }
    },
  });
}
