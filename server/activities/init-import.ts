import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZInitImportPrivateKeyParams } from "@/lib/api/private-keys";
import { ZInitImportWalletParams } from "@/lib/api/wallets";
import { notFound } from "../errors";
import { initImportTarget } from "../signer/import-targets";
import { findUser } from "../users/find";
import { defineActivity } from "./define";
import { IMPORTING_USER, importingUserId } from "./importing-user";

/**
 * init_import_wallet and init_import_private_key are one activity over two resources: a fresh
 * target key for the user, returned in a bundle signed by the server key, that the client encrypts
 * the secret to (with @turnkey/crypto). One declaration makes both, so they cannot drift apart.
 */
function initImport<P extends "init_import_wallet" | "init_import_private_key">(
  path: P,
  what: {
    resource: "WALLET" | "PRIVATE_KEY";
    intent: string;
    summary: string;
    describe: string;
    params: typeof ZInitImportWalletParams;
  },
) {
  return defineActivity({
    path,
    type: ACTIVITY_TYPES[path],
    resource: what.resource,
    action: "IMPORT",
    intentKey: `${what.intent}Intent`,
    resultKey: `${what.intent}Result`,
    summary: what.summary,
    describe: (params, names) =>
      `${what.describe}${params.userId ? ` for ${names.user(params.userId)}` : ""}`,
    params: what.params,
    ...IMPORTING_USER,
    result: z.object({ importBundle: z.string() }),
    async execute({ app, tx, organization, caller, now }, params) {
      const userId = importingUserId(params, caller);
      if (!(await findUser(tx, organization.id, userId))) throw notFound("user", userId);
      const importBundle = await initImportTarget(
        tx,
        app.keyring,
        app.serverKey,
        organization.id,
        userId,
        now,
      );
      return { importBundle };
    },
  });
}

export const initImportWallet = initImport("init_import_wallet", {
  resource: "WALLET",
  intent: "initImportWallet",
  describe: "Start importing a wallet",
  summary:
    "Start a wallet import: a fresh target key for the user, in a bundle signed by the server key " +
    "(encrypt the mnemonic to it with @turnkey/crypto encryptWalletToBundle)",
  params: ZInitImportWalletParams,
});

export const initImportPrivateKey = initImport("init_import_private_key", {
  resource: "PRIVATE_KEY",
  intent: "initImportPrivateKey",
  describe: "Start importing a private key",
  summary:
    "Start a private key import: a fresh target key for the user, in a bundle signed by the server key " +
    "(encrypt the key to it with @turnkey/crypto encryptPrivateKeyToBundle)",
  params: ZInitImportPrivateKeyParams,
});
