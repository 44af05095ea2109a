import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZCreateWalletParams } from "@/lib/api/wallets";
import { createWalletSecret } from "../signer/wallet-secrets";
import { addAccounts } from "../wallets/accounts";
import { insertWallet } from "../wallets/create";
import { defineActivity } from "./define";
import { count } from "./summary-text";

export const createWallet = defineActivity({
  path: "create_wallet",
  type: ACTIVITY_TYPES.create_wallet,
  resource: "WALLET",
  action: "CREATE",
  intentKey: "createWalletIntent",
  resultKey: "createWalletResult",
  summary: "Create an HD wallet (a new BIP-39 mnemonic, sealed at rest) and derive its first accounts",
  describe: (p) => `Create wallet ${p.walletName} with ${count(p.accounts.length, "account")}`,
  params: ZCreateWalletParams,
  result: z.object({ walletId: z.string(), addresses: z.array(z.string()) }),
  async execute({ app, tx, organization, now }, params) {
    const wallet = await insertWallet(tx, organization.id, params.walletName, now, { imported: false });
    const words = (params.mnemonicLength ?? 12) as 12 | 15 | 18 | 21 | 24;
    await createWalletSecret(
      tx,
      app.keyring,
      { walletId: wallet.id, organizationId: organization.id },
      words,
      now,
    );
    const addresses = await addAccounts(app, tx, wallet, params.accounts, now);
    return { walletId: wallet.id, addresses };
  },
});
