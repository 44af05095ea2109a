"use client";

import Link from "next/link";
import { displayAmount } from "@/lib/api/assets";
import { chainInfo } from "@/lib/api/chains";
import { assetReference } from "@/lib/client/asset-reference";
import { formatTimestamp } from "@/lib/client/format";
import { useSupportedAssets } from "@/lib/queries/assets";
import type { RecentSend, SentTransfer } from "@/lib/queries/recent-sends";
import { StatusBadge } from "../activities/status-badge";
import { TableCell, TableRow } from "../ui/table";
import { SendStatus } from "./send-status";

/** The token a transfer moved, by its contract or mint, among the chain's listed assets. */
function useAmountOf(caip2: string) {
  const assets = useSupportedAssets(caip2);
  const chain = chainInfo(caip2);
  return (transfer: SentTransfer): string => {
    if (!transfer.token) {
      return `${displayAmount(transfer.amount, chain?.nativeDecimals ?? 18)} ${chain?.nativeSymbol ?? ""}`;
    }
    const token = transfer.token.toLowerCase();
    const asset = assets.data?.find((a) => {
      const ref = assetReference(a.caip19);
      return (
        (ref.kind === "erc20" && ref.address.toLowerCase() === token) ||
        (ref.kind === "spl" && ref.mint === transfer.token)
      );
    });
    // A token this server does not list: its base units, and the contract that counts them.
    return asset
      ? `${displayAmount(transfer.amount, asset.decimals)} ${asset.symbol}`
      : `${transfer.amount} units of ${transfer.token}`;
  };
}

/** One send: when, where, to whom, how much of what, and its live status (or the activity's, before a broadcast). */
export function RecentSendRow({ send }: { send: RecentSend }) {
  const amountOf = useAmountOf(send.caip2);
  const { activity } = send;
  return (
    <TableRow data-send-activity={activity.id}>
      <TableCell label="When" className="whitespace-nowrap">
        <Link className="underline-offset-2 hover:underline" href={`/activities/${activity.id}`}>
          {formatTimestamp(activity.createdAt)}
        </Link>
      </TableCell>
      <TableCell label="Chain" className="whitespace-nowrap">
        {chainInfo(send.caip2)?.name ?? send.caip2}
      </TableCell>
      <TableCell label="To" className="break-all font-mono text-xs">
        {send.transfers.map((t) => t.to).join(", ") || "—"}
      </TableCell>
      <TableCell label="Amount" className="whitespace-nowrap font-mono text-sm">
        {send.transfers.map(amountOf).join(", ") || "—"}
      </TableCell>
      <TableCell label="Status">
        {send.sendTransactionStatusId ? (
          <SendStatus sendTransactionStatusId={send.sendTransactionStatusId} />
        ) : (
          <StatusBadge status={activity.status} />
        )}
      </TableCell>
    </TableRow>
  );
}
