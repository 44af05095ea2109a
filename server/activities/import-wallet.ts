import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZImportWalletParams } from "@/lib/api/wallets";
import { notFound } from "../errors";
import { openImport } from "../signer/import-targets";
import { importWalletSecret } from "../signer/wallet-secrets";
import { findUser } from "../users/find";
import { addAccounts } from "../wallets/accounts";
import { insertWallet } from "../wallets/create";
import { defineActivity } from "./define";
import { IMPORTING_USER, importingUserId } from "./importing-user";
import { count } from "./summary-text";

export const importWallet = defineActivity({
  path: "import_wallet",
  type: ACTIVITY_TYPES.import_wallet,
  resource: "WALLET",
  action: "IMPORT",
  intentKey: "importWalletIntent",
  resultKey: "importWalletResult",
  summary:
    "Import a mnemonic encrypted to the user's import target (from init_import_wallet) and derive accounts",
  describe: (p) => `Import wallet ${p.walletName} with ${count(p.accounts.length, "account")}`,
  params: ZImportWalletParams,
  ...IMPORTING_USER,
  result: z.object({ walletId: z.string(), addresses: z.array(z.string()) }),
  async execute({ app, tx, organization, caller, now }, params) {
    const userId = importingUserId(params, caller);
    if (!(await findUser(tx, organization.id, userId))) throw notFound("user", userId);
    const wallet = await insertWallet(tx, organization.id, params.walletName, now, { imported: true });
    await openImport(tx, app.keyring, organization.id, userId, params.encryptedBundle, (mnemonic) =>
      importWalletSecret(
        tx,
        app.keyring,
        { walletId: wallet.id, organizationId: organization.id },
        mnemonic,
        now,
      ),
    );
    const addresses = await addAccounts(app, tx, wallet, params.accounts, now);
    return { walletId: wallet.id, addresses };
  },
});
