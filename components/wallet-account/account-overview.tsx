"use client";

import Link from "next/link";
import { chainsOfAccount } from "@/lib/client/account-chains";
import { addressFormatLabel } from "@/lib/client/address-formats";
import { presetOf } from "@/lib/client/chain-presets";
import { useWalletAccount } from "@/lib/queries/wallets";
import { EarnPositions } from "../earn/earn-positions";
import { SwapForm } from "../swap/swap-form";
import { Alert } from "../ui/alert";
import { CopyButton } from "../ui/copy-button";
import { BalanceTable } from "./balance-table";
import { ChainHistory } from "./chain-history";
import { RecentSends } from "./recent-sends";
import { SendForm } from "./send-form";

/** One wallet account: its balances on every chain of its family, funding on devnets, sending, its sends. */
export function AccountOverview({ walletId, address }: { walletId: string; address: string }) {
  const account = useWalletAccount(walletId, address);
  if (account.error) return <Alert>{account.error.message}</Alert>;
  if (!account.data) return <p className="text-sm text-muted-foreground">Loading…</p>;
  const data = account.data;
  const chains = chainsOfAccount(data.addressFormat);
  const evm = chains.some((c) => c.family === "evm");
  return (
    <div className="grid gap-6">
      <div>
        <Link href={`/wallets/${walletId}`} className="text-sm text-muted-foreground hover:underline">
          ← {data.walletDetails?.walletName ?? "Wallet"}
        </Link>
        <h1 className="text-2xl font-semibold tracking-tight">
          {data.name ?? presetOf(data)?.label ?? addressFormatLabel(data.addressFormat)} account
        </h1>
        <p className="mt-1 flex items-center gap-1">
          <span className="break-all font-mono text-xs" data-testid="account-address">
            {data.address}
          </span>
          <CopyButton value={data.address} label={`Copy address ${data.address}`} />
        </p>
        <p className="mt-1 font-mono text-xs text-muted-foreground">{data.path}</p>
      </div>
      <section className="grid gap-2" aria-labelledby="balances-heading">
        <h2 id="balances-heading" className="text-lg font-semibold">
          Balances
        </h2>
        {chains.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            Latchkey reads balances and sends on EVM and Solana chains only; this account's format is neither.
          </p>
        ) : (
          <BalanceTable address={data.address} chains={chains} />
        )}
      </section>
      {chains.length > 0 && (
        <>
          <section className="grid gap-2" aria-labelledby="send-heading">
            <h2 id="send-heading" className="text-lg font-semibold">
              Send
            </h2>
            <SendForm from={data.address} chains={chains} />
          </section>
          {chains.length > 0 && (
            <section className="grid gap-2" aria-labelledby="swap-heading">
              <h2 id="swap-heading" className="text-lg font-semibold">
                Swap
              </h2>
              <SwapForm from={data.address} chains={chains} />
            </section>
          )}
          <section className="grid gap-2" aria-labelledby="recent-heading">
            <h2 id="recent-heading" className="text-lg font-semibold">
              Sent through Latchkey
            </h2>
            <RecentSends address={data.address} />
          </section>
        </>
      )}
      {evm && <EarnPositions address={data.address} />}
      {/* The chain's own history is indexed for EVM chains only (list_eth_transaction_history). */}
      {evm && (
        <section className="grid gap-2" aria-labelledby="history-heading">
          <h2 id="history-heading" className="text-lg font-semibold">
            Chain history
          </h2>
          <ChainHistory address={data.address} chains={chains} />
        </section>
      )}
    </div>
  );
}
