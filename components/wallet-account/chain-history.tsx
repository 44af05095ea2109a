"use client";

import { useState } from "react";
import type { ChainInfo } from "@/lib/api/chains";
import { useEthHistory } from "@/lib/queries/balances";
import { Alert } from "../ui/alert";
import { Label } from "../ui/label";
import { Select } from "../ui/select";
import { Table, TableCell, TableHead, TableHeader, TableRow } from "../ui/table";

/** The chain's history of the address, one chain at a time: each transfer in or out, its hash and status. */
export function ChainHistory({ address, chains }: { address: string; chains: readonly ChainInfo[] }) {
  const [caip2, setCaip2] = useState(chains[0]!.caip2);
  const history = useEthHistory(address, caip2);
  return (
    <div className="grid gap-2">
      <div className="grid max-w-xs gap-1.5">
        <Label htmlFor="historyChain">History on</Label>
        <Select id="historyChain" value={caip2} onChange={(e) => setCaip2(e.target.value)}>
          {chains.map((c) => (
            <option key={c.caip2} value={c.caip2}>
              {c.name}
            </option>
          ))}
        </Select>
      </div>
      {history.error && <Alert>{history.error.message}</Alert>}
      {history.data && (
        <Table>
          <TableHead>
            <tr>
              <TableHeader>When</TableHeader>
              <TableHeader>Transfers</TableHeader>
              <TableHeader>Transaction</TableHeader>
              <TableHeader>Status</TableHeader>
            </tr>
          </TableHead>
          <tbody>
            {history.data.length === 0 && (
              <TableRow>
                <TableCell colSpan={4} className="text-muted-foreground">
                  No confirmed transactions on this chain yet.
                </TableCell>
              </TableRow>
            )}
            {history.data.map((tx) => (
              <TableRow key={tx.transactionHash} data-history-hash={tx.transactionHash}>
                <TableCell label="When" className="whitespace-nowrap">
                  {new Date(tx.block.timestamp).toLocaleString()}
                </TableCell>
                <TableCell label="Transfers">
                  <ul className="grid gap-0.5">
                    {tx.transfers.map((t, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a transaction's transfers never reorder
                      <li key={i} className="text-sm" data-testid="history-transfer">
                        {t.direction === "OUT" ? "Sent" : "Received"}{" "}
                        <span className="font-mono">
                          {t.display?.crypto ?? t.amount} {t.asset?.symbol ?? "(unknown asset)"}
                        </span>{" "}
                        {t.direction === "OUT" ? "to" : "from"}{" "}
                        <span className="break-all font-mono text-xs">{t.counterparty}</span>
                      </li>
                    ))}
                  </ul>
                </TableCell>
                <TableCell label="Transaction" className="break-all font-mono text-xs">
                  {tx.transactionHash}
                </TableCell>
                <TableCell label="Status" className="whitespace-nowrap text-sm">
                  {tx.status === "FINALIZED" ? "Finalized" : "Confirmed"}
                  {tx.origin === "TURNKEY" && <span className="text-muted-foreground"> · via Latchkey</span>}
                </TableCell>
              </TableRow>
            ))}
          </tbody>
        </Table>
      )}
      {!history.data && !history.error && <p className="text-sm text-muted-foreground">Loading…</p>}
    </div>
  );
}
