import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZExportWalletAccountParams } from "@/lib/api/wallets";
import { notFound } from "../errors";
import { TARGET_PUBLIC_KEY_PARAMS } from "../policy/context/params";
import type { Curve } from "../signer/types";
import { exportWalletAccountKey } from "../signer/wallet-secrets";
import { findAccountByAddress } from "../wallets/find";
import { defineActivity } from "./define";
import { shorten } from "./summary-text";

export const exportWalletAccount = defineActivity({
  path: "export_wallet_account",
  type: ACTIVITY_TYPES.export_wallet_account,
  resource: "WALLET",
  action: "EXPORT",
  policyParams: TARGET_PUBLIC_KEY_PARAMS,
  targets: (params) => ({ signWith: params.address }),
  intentKey: "exportWalletAccountIntent",
  resultKey: "exportWalletAccountResult",
  summary:
    "Export one wallet account's private key, HPKE-encrypted to targetPublicKey and signed by the " +
    "server key (open it with @turnkey/crypto decryptExportBundle)",
  describe: (p, n) =>
    `Export the private key of account ${n.signer(p.address)} to key ${shorten(p.targetPublicKey)}`,
  params: ZExportWalletAccountParams,
  result: z.object({ address: z.string(), exportBundle: z.string() }),
  async execute({ app, tx, organization }, params) {
    const account = await findAccountByAddress(tx, organization.id, params.address);
    if (!account) throw notFound("wallet account", params.address);
    const exportBundle = await exportWalletAccountKey(
      tx,
      app.keyring,
      app.serverKey,
      { walletId: account.walletId, walletAccountId: account.id, organizationId: organization.id },
      { curve: account.curve as Curve, path: account.path },
      params.targetPublicKey,
      app.clock.now(),
    );
    return { address: account.address, exportBundle };
  },
});
