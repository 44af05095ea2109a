"use client";

import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import type { TActivity } from "@/lib/api/activity";
import { type TWalletAccount, ZCreateWalletParams } from "@/lib/api/wallets";
import { query } from "@/lib/client/api";
import { accountParams, type ChainPreset, nextIndex, presetById } from "@/lib/client/chain-presets";
import { useSession } from "@/lib/client/session-context";
import { useActivityMutation } from "./activity-mutation";

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
  account: (walletId: string, address: string) => [WALLET, walletId, "account", address],
};

export function useWallets() {
  const session = useSession();
  return useQuery({
    queryKey: walletKeys.list,
    queryFn: async () => (await query(session, "list_wallets")).wallets,
  });
}

export function useWallet(walletId: string) {
  const session = useSession();
  return useQuery({
    queryKey: walletKeys.one(walletId),
    queryFn: async () => (await query(session, "get_wallet", { walletId })).wallet,
  });
}

/** One account of the wallet, by its address. */
export function useWalletAccount(walletId: string, address: string) {
  const session = useSession();
  return useQuery({
    queryKey: walletKeys.account(walletId, address),
    queryFn: async () => (await query(session, "get_wallet_account", { walletId, address })).account,
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
        const page = await query(session, "list_wallet_accounts", {
          walletId,
          paginationOptions: { limit: String(PAGE), ...(after ? { after } : {}) },
        });
        accounts.push(...page.accounts);
        if (page.accounts.length < PAGE) return accounts;
      }
    },
  });
}

/** A chain picked in a form, by its preset id: the preset itself once valid. */
const ZChainPreset = z.string().transform((id, ctx): ChainPreset => {
  const preset = presetById(id);
  if (preset) return preset;
  ctx.addIssue({ code: "custom", message: "must be one of the chains listed" });
  return z.NEVER;
});

const create = ZCreateWalletParams.shape;

/**
 * The "Create wallet" form: the server's own name and mnemonic length rules, and the chains that
 * get account 0 each. No chain at all is allowed, as the server allows it (accounts are derived later).
 */
export const ZNewWalletForm = z.object({
  walletName: create.walletName,
  // A <select> gives text; the server's rule then holds the number to 12, 15, 18, 21 or 24.
  mnemonicLength: z.string().transform(Number).pipe(create.mnemonicLength.unwrap()),
  chains: z.array(ZChainPreset).max(100, "at most 100 accounts per activity"),
});
export type TNewWalletForm = z.output<typeof ZNewWalletForm>;

export const useCreateWallet = () =>
  useActivityMutation<TNewWalletForm>(
    "create_wallet",
    ({ walletName, mnemonicLength, chains }) => ({
      walletName,
      mnemonicLength,
      accounts: chains.map((preset) => accountParams(preset, 0)),
    }),
    [WALLET_LIST],
  );

const ZCreateWalletResult = z.object({ walletId: z.string(), addresses: z.array(z.string()) });

/** What create_wallet made, once it has completed (a wallet waiting for consensus has no result yet). */
export function createdWallet(activity: TActivity | undefined) {
  const parsed = ZCreateWalletResult.safeParse(activity?.result.createWalletResult);
  return parsed.success ? parsed.data : undefined;
}

/** The "Derive account" form: a chain; the index is the first the wallet does not have there. */
export const ZDeriveAccountForm = z.object({ chain: ZChainPreset });
export type TDeriveAccountForm = z.output<typeof ZDeriveAccountForm>;

export const useDeriveAccount = (walletId: string, accounts: readonly TWalletAccount[]) =>
  useActivityMutation<TDeriveAccountForm>(
    "create_wallet_accounts",
    ({ chain }) => ({ walletId, accounts: [accountParams(chain, nextIndex(chain, accounts))] }),
    [WALLET],
  );

export const useDeleteWallet = (walletId: string) =>
  useActivityMutation<boolean>(
    "delete_wallets",
    (deleteWithoutExport) => ({ walletIds: [walletId], deleteWithoutExport }),
    [WALLET_LIST],
  );
