import { z } from "zod";
import { ZCreateWalletAccountsParams } from "@/lib/api/wallets";
import { addAccounts } from "../wallets/accounts";
import { findWallet } from "../wallets/find";
import { defineActivity } from "./define";

export const createWalletAccounts = defineActivity({
  path: "create_wallet_accounts",
  type: "ACTIVITY_TYPE_CREATE_WALLET_ACCOUNTS",
  intentKey: "createWalletAccountsIntent",
  resultKey: "createWalletAccountsResult",
  summary: "Derive more accounts of a wallet (persist: false derives the addresses without storing them)",
  params: ZCreateWalletAccountsParams,
  result: z.object({ addresses: z.array(z.string()) }),
  async execute({ app, tx, organization, now }, params) {
    const wallet = await findWallet(tx, organization.id, params.walletId);
    return {
      addresses: await addAccounts(app, tx, wallet, params.accounts, now, { persist: params.persist }),
    };
  },
});
