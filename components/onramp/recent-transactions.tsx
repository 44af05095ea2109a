"use client";

import { ONRAMP_PROVIDERS, ONRAMP_STATUSES } from "@/lib/api/onramp";
import { useOnRampTransactions } from "@/lib/queries/onramp";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { Card, CardTitle } from "../ui/card";
import { Label } from "../ui/label";
import { Select } from "../ui/select";
import { Table, TableCell, TableHead, TableHeader, TableRow } from "../ui/table";
import { shortCode, when } from "./labels";
import { OnRampStatusBadge } from "./status-badge";

/** The latest purchases, filtered by status and provider; choosing one looks it up. */
export function RecentTransactions({
  status,
  provider,
  onFilter,
  onOpen,
}: {
  status: string;
  provider: string;
  onFilter: (change: { status?: string; provider?: string }) => void;
  onOpen: (id: string) => void;
}) {
  const list = useOnRampTransactions({ status, provider });
  return (
    <Card className="grid gap-4">
      <CardTitle>Recent transactions</CardTitle>
      <div className="flex flex-wrap gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor="onramp-status">Status</Label>
          <Select id="onramp-status" value={status} onChange={(e) => onFilter({ status: e.target.value })}>
            <option value="">Any status</option>
            {ONRAMP_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="onramp-provider">Provider</Label>
          <Select
            id="onramp-provider"
            value={provider}
            onChange={(e) => onFilter({ provider: e.target.value })}
          >
            <option value="">Any provider</option>
            {ONRAMP_PROVIDERS.map((p) => (
              <option key={p} value={p}>
                {shortCode(p)}
              </option>
            ))}
          </Select>
        </div>
      </div>
      {list.error && <Alert>{list.error.message}</Alert>}
      <Table aria-label="Recent on-ramp transactions">
        <TableHead>
          <tr>
            <TableHeader>Created</TableHeader>
            <TableHeader>Status</TableHeader>
            <TableHeader>Provider</TableHeader>
            <TableHeader>Purchase</TableHeader>
            <TableHeader>Wallet</TableHeader>
            <TableHeader>
              <span className="sr-only">Open</span>
            </TableHeader>
          </tr>
        </TableHead>
        <tbody>
          {list.data?.length === 0 && (
            <TableRow>
              <TableCell colSpan={6} className="text-muted-foreground">
                No on-ramp transactions match.
              </TableCell>
            </TableRow>
          )}
          {list.data?.map((tx) => (
            <TableRow key={tx.transactionId} data-transaction={tx.transactionId}>
              <TableCell label="Created" className="whitespace-nowrap">
                {when(tx.createdAt)}
              </TableCell>
              <TableCell label="Status">
                <OnRampStatusBadge status={tx.transactionStatus} />
              </TableCell>
              <TableCell label="Provider">
                {shortCode(tx.onrampProvider)}
                {tx.sandbox ? " (sandbox)" : ""}
              </TableCell>
              <TableCell label="Purchase">
                {tx.fiatCurrencyAmount ?? "—"} {shortCode(tx.fiatCurrencyCode)} →{" "}
                {shortCode(tx.cryptoCurrencyCode)} on {shortCode(tx.network)}
              </TableCell>
              <TableCell label="Wallet" className="break-all font-mono text-xs">
                {tx.walletAddress}
              </TableCell>
              <TableCell>
                <Button variant="outline" size="sm" onClick={() => onOpen(tx.transactionId)}>
                  Open<span className="sr-only"> transaction {tx.transactionId}</span>
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </tbody>
      </Table>
    </Card>
  );
}
