import { eq } from "drizzle-orm";
import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZExportWalletParams } from "@/lib/api/wallets";
import { wallets } from "../db/schema";
import { TARGET_PUBLIC_KEY_PARAMS } from "../policy/context/params";
import { exportWalletMnemonic } from "../signer/wallet-secrets";
import { findWallet } from "../wallets/find";
import { defineActivity } from "./define";
import { shorten } from "./summary-text";

export const exportWallet = defineActivity({
  path: "export_wallet",
  type: ACTIVITY_TYPES.export_wallet,
  resource: "WALLET",
  action: "EXPORT",
  policyParams: TARGET_PUBLIC_KEY_PARAMS,
  targets: (params) => ({ walletIds: [params.walletId] }),
  intentKey: "exportWalletIntent",
  resultKey: "exportWalletResult",
  summary:
    "Export a wallet's mnemonic, HPKE-encrypted to targetPublicKey and signed by the server key " +
    "(open it with @turnkey/crypto decryptExportBundle, returnMnemonic: true)",
  describe: (p, n) =>
    `Export the mnemonic of wallet ${n.wallet(p.walletId)} to key ${shorten(p.targetPublicKey)}`,
  params: ZExportWalletParams,
  result: z.object({ walletId: z.string(), exportBundle: z.string() }),
  async execute({ app, tx, organization, now }, params) {
    const wallet = await findWallet(tx, organization.id, params.walletId);
    const exportBundle = await exportWalletMnemonic(
      tx,
      app.keyring,
      app.serverKey,
      { walletId: wallet.id, organizationId: organization.id },
      params.targetPublicKey,
    );
    await tx.update(wallets).set({ exported: true, updatedAt: now }).where(eq(wallets.id, wallet.id));
    return { walletId: wallet.id, exportBundle };
  },
});
