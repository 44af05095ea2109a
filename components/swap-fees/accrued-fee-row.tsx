"use client";

import { formatUnits } from "viem";
import { chainInfo } from "@/lib/api/chains";
import type { TAccruedSwapFee } from "@/lib/api/swap-fees";
import { useAddressBalances } from "@/lib/queries/balances";
import { TableCell, TableRow } from "../ui/table";

/**
 * One token's fee on one chain, beside the receiver's balance of it there: a claim moves the
 * amount from the first column to the second. The balance is its own query, as on account pages.
 */
export function AccruedFeeRow({ fee, receiver }: { fee: TAccruedSwapFee; receiver: string }) {
  const balances = useAddressBalances(receiver, fee.caip2);
  // The balances answer lists non-zero holdings only: a token absent from it is held at zero.
  const held = balances.data?.find((b) => b.caip19.toLowerCase() === fee.caip19.toLowerCase());
  return (
    <TableRow data-fee={fee.caip19}>
      <TableCell label="Chain">{chainInfo(fee.caip2)?.name ?? fee.caip2}</TableCell>
      <TableCell label="Token">{fee.symbol}</TableCell>
      <TableCell label="Accrued" data-testid="accrued-fee" data-raw={fee.amount}>
        {formatUnits(BigInt(fee.amount), fee.decimals)} {fee.symbol}
      </TableCell>
      <TableCell label="Receiver balance" data-testid="receiver-balance">
        {balances.error
          ? "unavailable"
          : balances.data
            ? `${held?.display.crypto ?? "0"} ${fee.symbol}`
            : "…"}
      </TableCell>
    </TableRow>
  );
}
