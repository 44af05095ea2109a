"use client";

import Link from "next/link";
import { formatTimestamp } from "@/lib/client/format";
import { useWallet, useWalletAccounts } from "@/lib/queries/wallets";
import { Alert } from "../ui/alert";
import { AccountTable } from "./account-table";
import { DeleteWalletButton } from "./delete-wallet-button";
import { DeriveAccountForm } from "./derive-account-form";
import { ExportWalletDialog } from "./export-wallet-dialog";
import { ProvenanceBadges } from "./provenance-badges";

/** One wallet: its accounts, deriving more, exporting its mnemonic, deleting it. */
export function WalletDetail({ walletId }: { walletId: string }) {
  const wallet = useWallet(walletId);
  const accounts = useWalletAccounts(walletId);
  if (wallet.error) return <Alert>{wallet.error.message}</Alert>;
  if (!wallet.data) return <p className="text-sm text-muted-foreground">Loading…</p>;
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <Link href="/wallets" className="text-sm text-muted-foreground hover:underline">
            ← Wallets
          </Link>
          <h1 className="text-2xl font-semibold tracking-tight">{wallet.data.walletName}</h1>
          <p className="mt-1 font-mono text-xs text-muted-foreground">{wallet.data.walletId}</p>
          <p className="mt-1 flex items-center gap-2 text-sm text-muted-foreground">
            Created {formatTimestamp(wallet.data.createdAt)}
            <ProvenanceBadges exported={wallet.data.exported} imported={wallet.data.imported} />
          </p>
        </div>
        <div className="flex flex-wrap items-center justify-end gap-2">
          <ExportWalletDialog walletId={walletId} walletName={wallet.data.walletName} />
          <DeleteWalletButton wallet={wallet.data} />
        </div>
      </div>
      <section className="grid gap-2">
        <h2 className="text-lg font-semibold">Accounts</h2>
        {accounts.error && <Alert>{accounts.error.message}</Alert>}
        {accounts.data && <AccountTable accounts={accounts.data} />}
      </section>
      <section className="grid gap-2">
        <h2 className="text-lg font-semibold">Derive account</h2>
        {accounts.data && <DeriveAccountForm walletId={walletId} accounts={accounts.data} />}
      </section>
    </div>
  );
}
