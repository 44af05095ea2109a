"use client";

import { nativeAsset } from "@/lib/api/assets";
import type { ChainInfo } from "@/lib/api/chains";
import { useAddressBalances } from "@/lib/queries/balances";
import { Badge } from "../ui/badge";
import { TableCell, TableRow } from "../ui/table";
import { FundButton } from "./fund-button";

/**
 * One chain's balances of the address. `local` is undefined until the server has said whether the
 * chain is a local devnet; only a devnet has a faucet, so only then is there a Fund button.
 */
export function BalanceRow({
  address,
  chain,
  local,
}: {
  address: string;
  chain: ChainInfo;
  local?: boolean;
}) {
  const balances = useAddressBalances(address, chain.caip2);
  // The API answers non-zero balances only; the native coin is always shown, as 0 when absent.
  const native = nativeAsset(chain.caip2);
  const shown = balances.data?.some((b) => b.caip19 === native.caip19)
    ? balances.data
    : balances.data && [
        { caip19: native.caip19, symbol: native.symbol, display: { crypto: "0" } },
        ...balances.data,
      ];
  return (
    <TableRow data-chain={chain.caip2}>
      <TableCell className="whitespace-nowrap">
        <span className="flex items-center gap-2">
          {chain.name}
          {local !== undefined && (
            <Badge tone={local ? "warning" : "neutral"} data-testid="chain-kind">
              {local ? "Local devnet" : "RPC node"}
            </Badge>
          )}
        </span>
        <span className="block font-mono text-xs text-muted-foreground">{chain.caip2}</span>
      </TableCell>
      <TableCell label="Balance">
        {balances.error ? (
          <span role="alert" className="text-sm text-destructive" data-testid="balance-error">
            {balances.error.message}
          </span>
        ) : shown ? (
          <ul className="grid gap-0.5">
            {shown.map((b) => (
              <li key={b.caip19} data-testid="balance" data-caip19={b.caip19} className="font-mono text-sm">
                {b.display.crypto} {b.symbol}
              </li>
            ))}
          </ul>
        ) : (
          <span className="text-sm text-muted-foreground">Loading…</span>
        )}
      </TableCell>
      <TableCell className="text-right">{local && <FundButton address={address} chain={chain} />}</TableCell>
    </TableRow>
  );
}
