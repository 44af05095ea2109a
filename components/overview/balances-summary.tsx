"use client";

import { useState } from "react";
import { formatUsdCents } from "@/lib/client/balance-summary";
import { useOverviewBalances } from "@/lib/queries/overview-balances";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { Card, CardTitle } from "../ui/card";
import { Table, TableCell, TableHead, TableHeader, TableRow } from "../ui/table";

/**
 * What the organization's wallets hold, per chain and asset, with USD where the server knows a
 * price; the total counts only priced assets and says so. Stopped local devnets are read on request.
 */
export function BalancesSummary() {
  const [includeStopped, setIncludeStopped] = useState(false);
  const balances = useOverviewBalances(includeStopped);
  const data = balances.data;
  return (
    <Card className="grid content-start gap-3 max-sm:p-4" data-testid="balances-summary">
      <CardTitle>Balances</CardTitle>
      {balances.error && <Alert>{balances.error.message}</Alert>}
      {balances.isPending && <p className="text-sm text-muted-foreground">Loading…</p>}
      {data && (
        <>
          <p className="text-sm">
            <span className="text-2xl font-semibold" data-testid="balances-usd-total">
              {formatUsdCents(data.summary.usdCents)}
            </span>{" "}
            across {data.addresses} {data.addresses === 1 ? "address" : "addresses"}
            {data.summary.unpriced && " (assets without a known price are not counted)"}
          </p>
          {data.summary.assets.length === 0 ? (
            <p className="text-sm text-muted-foreground">No wallet holds anything on the chains read.</p>
          ) : (
            <Table>
              <TableHead>
                <tr>
                  <TableHeader>Chain</TableHeader>
                  <TableHeader>Asset</TableHeader>
                  <TableHeader>Total</TableHeader>
                  <TableHeader>USD</TableHeader>
                </tr>
              </TableHead>
              <tbody>
                {data.summary.assets.map((asset) => (
                  <TableRow key={asset.caip19} data-testid="balance-total" data-caip19={asset.caip19}>
                    <TableCell>{asset.chainName}</TableCell>
                    <TableCell label="Asset" className="font-medium">
                      {asset.symbol}
                    </TableCell>
                    <TableCell label="Total" className="font-mono" title={`held by ${asset.holders}`}>
                      {asset.display} {asset.symbol}
                    </TableCell>
                    <TableCell label="USD" className="text-muted-foreground">
                      {asset.usdCents === undefined ? "no price" : formatUsdCents(asset.usdCents)}
                    </TableCell>
                  </TableRow>
                ))}
              </tbody>
            </Table>
          )}
          {data.failedChains.length > 0 && (
            <Alert>Could not read {data.failedChains.join(", ")}: their totals may be short.</Alert>
          )}
          {data.partial && (
            <Alert tone="info">
              Only the first addresses were read: the organization has too many to sum here.
            </Alert>
          )}
          {data.stoppedChains.length > 0 && (
            <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
              <span>Not read: local devnets not started yet ({data.stoppedChains.join(", ")}).</span>
              <Button variant="outline" size="sm" onClick={() => setIncludeStopped(true)}>
                Read them too
              </Button>
            </div>
          )}
        </>
      )}
    </Card>
  );
}
