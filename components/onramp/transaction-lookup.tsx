"use client";

import { type FormEvent, useState } from "react";
import { useOnRampTransaction, useRefreshOnRamp } from "@/lib/queries/onramp";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { Card, CardTitle } from "../ui/card";
import { Input } from "../ui/input";
import { Label } from "../ui/label";
import { Table, TableCell, TableHead, TableHeader, TableRow } from "../ui/table";
import { shortCode, when } from "./labels";
import { OnRampStatusBadge } from "./status-badge";

/** Look a purchase up by id: where it stands, for whom, how much, its history, and a Refresh. */
export function TransactionLookup({ id, onLookup }: { id: string; onLookup: (id: string) => void }) {
  const [draft, setDraft] = useState(id);
  const found = useOnRampTransaction(id);
  const refresh = useRefreshOnRamp();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    refresh.reset();
    onLookup(draft.trim());
  };
  const tx = found.data?.transaction;
  return (
    <Card className="grid gap-4">
      <CardTitle>Look up a transaction</CardTitle>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <div className="grid min-w-0 flex-1 gap-1.5">
          <Label htmlFor="onramp-id">Transaction id</Label>
          <Input
            id="onramp-id"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder="onRampTransactionId"
            autoComplete="off"
          />
        </div>
        <Button type="submit">Look up</Button>
      </form>
      {found.error && <Alert>{found.error.message}</Alert>}
      {tx && (
        <section aria-label="Transaction" className="grid gap-3">
          <div className="flex flex-wrap items-center gap-2">
            <span data-testid="onramp-status">
              <OnRampStatusBadge status={tx.transactionStatus} />
            </span>
            <span className="text-sm text-muted-foreground">
              {shortCode(tx.onrampProvider)}
              {tx.sandbox ? " sandbox" : ""} · {tx.providerStatus}
            </span>
            <Button
              variant="outline"
              size="sm"
              className="ml-auto"
              disabled={refresh.isPending}
              onClick={() => refresh.mutate(tx.transactionId)}
            >
              {refresh.isPending ? "Refreshing…" : "Refresh"}
            </Button>
          </div>
          {refresh.error && <Alert>{refresh.error.message}</Alert>}
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-muted-foreground">Wallet</dt>
            <dd className="break-all font-mono text-xs">{tx.walletAddress}</dd>
            <dt className="text-muted-foreground">Buying</dt>
            <dd>
              {shortCode(tx.cryptoCurrencyCode)} on {shortCode(tx.network)}
              {tx.cryptoAmount ? ` · ${tx.cryptoAmount} base units` : ""}
            </dd>
            <dt className="text-muted-foreground">Paying</dt>
            <dd>
              {tx.fiatCurrencyAmount ?? "amount chosen at checkout"} {shortCode(tx.fiatCurrencyCode)}
            </dd>
            {tx.txHash && (
              <>
                <dt className="text-muted-foreground">Delivery</dt>
                <dd className="break-all font-mono text-xs">{tx.txHash}</dd>
              </>
            )}
            {tx.failureReason && (
              <>
                <dt className="text-muted-foreground">Failure</dt>
                <dd>{tx.failureReason}</dd>
              </>
            )}
          </dl>
          <Table aria-label="Status history">
            <TableHead>
              <tr>
                <TableHeader>When</TableHeader>
                <TableHeader>Status</TableHeader>
                <TableHeader>Provider's status</TableHeader>
                <TableHeader>Detail</TableHeader>
              </tr>
            </TableHead>
            <tbody>
              {found.data?.history.map((change) => (
                <TableRow
                  key={`${change.createdAt.seconds}-${change.createdAt.nanos}-${change.providerStatus}`}
                >
                  <TableCell label="When" className="whitespace-nowrap">
                    {when(change.createdAt)}
                  </TableCell>
                  <TableCell label="Status">
                    <OnRampStatusBadge status={change.transactionStatus} />
                  </TableCell>
                  <TableCell label="Provider's status" className="break-all">
                    {change.providerStatus}
                  </TableCell>
                  <TableCell label="Detail">{change.detail ?? ""}</TableCell>
                </TableRow>
              ))}
            </tbody>
          </Table>
        </section>
      )}
    </Card>
  );
}
