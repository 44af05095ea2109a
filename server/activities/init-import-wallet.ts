import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZInitImportWalletParams } from "@/lib/api/wallets";
import { notFound } from "../errors";
import { initImportTarget } from "../signer/import-targets";
import { findUser } from "../users/render";
import { defineActivity } from "./define";

export const initImportWallet = defineActivity({
  path: "init_import_wallet",
  type: ACTIVITY_TYPES.init_import_wallet,
  resource: "WALLET",
  action: "IMPORT",
  intentKey: "initImportWalletIntent",
  resultKey: "initImportWalletResult",
  summary:
    "Start a wallet import: a fresh target key for the user, in a bundle signed by the server key " +
    "(encrypt the mnemonic to it with @turnkey/crypto encryptWalletToBundle)",
  params: ZInitImportWalletParams,
  result: z.object({ importBundle: z.string() }),
  async execute({ app, tx, organization, now }, params) {
    if (!(await findUser(tx, organization.id, params.userId))) throw notFound("user", params.userId);
    return {
      importBundle: await initImportTarget(
        tx,
        app.keyring,
        app.serverKey,
        organization.id,
        params.userId,
        now,
      ),
    };
  },
});
