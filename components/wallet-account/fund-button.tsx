"use client";

import type { ChainInfo } from "@/lib/api/chains";
import { useFund } from "@/lib/queries/balances";
import { Button } from "../ui/button";

/**
 * The local devnet's faucet, one whole coin at a time: enough to try sends, never real money. The
 * row's balance is read again once it answers, and shows the new amount.
 */
export function FundButton({ address, chain }: { address: string; chain: ChainInfo }) {
  const fund = useFund(address, chain.caip2);
  const oneCoin = 10n ** BigInt(chain.nativeDecimals);
  return (
    <div className="grid justify-items-end gap-1">
      <Button
        variant="outline"
        size="sm"
        aria-label={`Fund 1 ${chain.nativeSymbol} on ${chain.name}`}
        disabled={fund.isPending}
        onClick={() => fund.mutate(oneCoin)}
      >
        {fund.isPending ? "Funding…" : `Fund 1 ${chain.nativeSymbol}`}
      </Button>
      {fund.error && (
        <span role="alert" className="text-xs text-destructive">
          {fund.error.message}
        </span>
      )}
      {fund.isSuccess && (
        <span role="status" className="text-xs text-muted-foreground">
          Added 1 {chain.nativeSymbol}
        </span>
      )}
    </div>
  );
}
