"use client";

import { useRecentSends } from "@/lib/queries/recent-sends";
import { Alert } from "../ui/alert";
import { Table, TableCell, TableHead, TableHeader, TableRow } from "../ui/table";
import { RecentSendRow } from "./recent-send-row";

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
        {sends.data.map((send) => (
          <RecentSendRow key={send.activity.id} send={send} />
        ))}
      </tbody>
    </Table>
  );
}
