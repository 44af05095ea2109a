"use client";

import type { ChainInfo } from "@/lib/api/chains";
import { useLocalChains } from "@/lib/queries/balances";
import { Alert } from "../ui/alert";
import { Table, TableHead, TableHeader } from "../ui/table";
import { BalanceRow } from "./balance-row";

/**
 * The address's balances on each chain of its family, one row per chain, each loading and failing
 * on its own; whether a chain is a local devnet decides its badge and whether it can be funded.
 */
export function BalanceTable({ address, chains }: { address: string; chains: readonly ChainInfo[] }) {
  const local = useLocalChains();
  return (
    <div className="grid gap-2">
      {local.error && <Alert>Which chains are local devnets is unknown: {local.error.message}</Alert>}
      <Table>
        <TableHead>
          <tr>
            <TableHeader>Chain</TableHeader>
            <TableHeader>Balance</TableHeader>
            <TableHeader>
              <span className="sr-only">Actions</span>
            </TableHeader>
          </tr>
        </TableHead>
        <tbody>
          {chains.map((chain) => (
            <BalanceRow key={chain.caip2} address={address} chain={chain} local={local.data?.[chain.caip2]} />
          ))}
        </tbody>
      </Table>
    </div>
  );
}
