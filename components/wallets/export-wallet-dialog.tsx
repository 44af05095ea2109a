"use client";

import { WALLET, WALLET_LIST } from "@/lib/queries/wallets";
import { MnemonicWords } from "./mnemonic-words";
import { SecretExportDialog } from "./secret-export-dialog";

/** Export a wallet's mnemonic (export_wallet), shown as numbered words. */
export function ExportWalletDialog({ walletId, walletName }: { walletId: string; walletName: string }) {
  return (
    <SecretExportDialog
      title={`Export wallet ${walletName}`}
      warning="These words are the wallet: anyone who sees them controls every account it has, on every chain."
      spec={{
        path: "export_wallet",
        resultKey: "exportWalletResult",
        parameters: (targetPublicKey) => ({ walletId, targetPublicKey }),
        contents: "mnemonic",
        invalidates: [WALLET_LIST, WALLET],
      }}
    >
      {(mnemonic) => <MnemonicWords mnemonic={mnemonic} />}
    </SecretExportDialog>
  );
}
