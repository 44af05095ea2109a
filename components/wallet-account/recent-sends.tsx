"use client";

import Link from "next/link";
import { displayAmount } from "@/lib/api/assets";
import { chainInfo } from "@/lib/api/chains";
import { formatTimestamp } from "@/lib/client/format";
import { useRecentSends } from "@/lib/queries/sends";
import { StatusBadge } from "../activities/status-badge";
import { Alert } from "../ui/alert";
import { Table, TableCell, TableHead, TableHeader, TableRow } from "../ui/table";
import { SendStatus } from "./send-status";

/**
 * What this account sent through Latchkey, newest first: each send's live status until final. An
 * activity still waiting for approvals (or refused) has no broadcast yet; its own status says so.
 */
export function RecentSends({ address }: { address: string }) {
  const sends = useRecentSends(address);
  if (sends.error) return <Alert>{sends.error.message}</Alert>;
  if (!sends.data) return <p className="text-sm text-muted-foreground">Loading…</p>;
  return (
    <Table>
      <TableHead>
        <tr>
          <TableHeader>When</TableHeader>
          <TableHeader>Chain</TableHeader>
          <TableHeader>To</TableHeader>
          <TableHeader>Amount</TableHeader>
          <TableHeader>Status</TableHeader>
        </tr>
      </TableHead>
      <tbody>
        {sends.data.length === 0 && (
          <TableRow>
            <TableCell colSpan={5} className="text-muted-foreground">
              Nothing sent from this account yet.
            </TableCell>
          </TableRow>
        )}
        {sends.data.map(({ activity, params, sendTransactionStatusId }) => {
          const chain = chainInfo(params.caip2);
          const call = params.calls[0];
          return (
            <TableRow key={activity.id} data-send-activity={activity.id}>
              <TableCell className="whitespace-nowrap">
                <Link className="underline-offset-2 hover:underline" href={`/activities/${activity.id}`}>
                  {formatTimestamp(activity.createdAt)}
                </Link>
              </TableCell>
              <TableCell className="whitespace-nowrap">{chain?.name ?? params.caip2}</TableCell>
              <TableCell className="break-all font-mono text-xs">{call?.to}</TableCell>
              <TableCell className="whitespace-nowrap font-mono text-sm">
                {displayAmount(BigInt(call?.value ?? "0"), chain?.nativeDecimals ?? 18)} {chain?.nativeSymbol}
              </TableCell>
              <TableCell>
                {sendTransactionStatusId ? (
                  <SendStatus sendTransactionStatusId={sendTransactionStatusId} />
                ) : (
                  <StatusBadge status={activity.status} />
                )}
              </TableCell>
            </TableRow>
          );
        })}
      </tbody>
    </Table>
  );
}
