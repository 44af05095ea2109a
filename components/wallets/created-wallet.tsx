import Link from "next/link";
import type { ChainPreset } from "@/lib/client/chain-presets";
import { CopyButton } from "../ui/copy-button";

interface Props {
  walletId: string;
  walletName: string;
  /** The chains asked for, in the order create_wallet returned their addresses. */
  presets: ChainPreset[];
  addresses: string[];
}

/** What create_wallet made: its first address on each chain, and the way to the wallet. */
export function CreatedWallet({ walletId, walletName, presets, addresses }: Props) {
  return (
    <div role="status" className="grid gap-2 rounded-md border border-border bg-muted/50 p-3 text-sm">
      <p>
        Wallet <span className="font-medium">{walletName}</span> created.{" "}
        <Link className="font-medium underline underline-offset-2" href={`/wallets/${walletId}`}>
          Open it
        </Link>
      </p>
      {addresses.length > 0 && (
        <dl className="grid gap-1 sm:grid-cols-[12rem_1fr]">
          {addresses.map((address, i) => (
            <div key={address} className="contents" data-created-address={presets[i]?.id}>
              <dt className="text-muted-foreground">{presets[i]?.label}</dt>
              <dd className="flex min-w-0 items-center gap-1">
                <span className="truncate font-mono text-xs" data-testid="address">
                  {address}
                </span>
                <CopyButton value={address} label={`Copy address ${address}`} />
              </dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}
