import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZCreateWalletAccountsParams } from "@/lib/api/wallets";
import { addAccounts } from "../wallets/accounts";
import { defineActivity } from "./define";
import { count } from "./summary-text";

export const createWalletAccounts = defineActivity({
  path: "create_wallet_accounts",
  type: ACTIVITY_TYPES.create_wallet_accounts,
  resource: "WALLET",
  action: "CREATE",
  targets: (params) => ({ walletIds: [params.walletId] }),
  intentKey: "createWalletAccountsIntent",
  resultKey: "createWalletAccountsResult",
  summary: "Derive more accounts of a wallet (persist: false derives the addresses without storing them)",
  describe: (p, n) => `Add ${count(p.accounts.length, "account")} to wallet ${n.wallet(p.walletId)}`,
  params: ZCreateWalletAccountsParams,
  result: z.object({ addresses: z.array(z.string()) }),
  async execute({ app, tx, organization, now }, params) {
    // The wallet is read (a 404 if this organization has none by that id) with its sealed mnemonic
    // and the derivations already taken, in one statement (wallets/read-for-accounts.ts).
    const wallet = { id: params.walletId, organizationId: organization.id };
    return {
      addresses: await addAccounts(app, tx, wallet, params.accounts, now, { persist: params.persist }),
    };
  },
});
