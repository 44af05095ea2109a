"use client";

import Link from "next/link";
import { formatTimestamp } from "@/lib/client/format";
import { useWallets } from "@/lib/queries/wallets";
import { Alert } from "../ui/alert";
import { Table, TableCell, TableHead, TableHeader, TableRow } from "../ui/table";
import { ProvenanceBadges } from "./provenance-badges";

/** The organization's wallets; each opens its accounts, export and deletion. */
export function WalletTable() {
  const wallets = useWallets();
  return (
    <div className="grid gap-2">
      {wallets.error && <Alert>{wallets.error.message}</Alert>}
      <Table>
        <TableHead>
          <tr>
            <TableHeader>Name</TableHeader>
            <TableHeader>Id</TableHeader>
            <TableHeader>Backup</TableHeader>
            <TableHeader>Created</TableHeader>
          </tr>
        </TableHead>
        <tbody>
          {wallets.data?.length === 0 && (
            <TableRow>
              <TableCell colSpan={4} className="text-muted-foreground">
                No wallets yet.
              </TableCell>
            </TableRow>
          )}
          {wallets.data?.map((wallet) => (
            <TableRow key={wallet.walletId} data-wallet={wallet.walletName}>
              <TableCell className="font-medium">
                <Link className="underline-offset-2 hover:underline" href={`/wallets/${wallet.walletId}`}>
                  {wallet.walletName}
                </Link>
              </TableCell>
              <TableCell label="Id" className="font-mono text-xs text-muted-foreground">
                {wallet.walletId}
              </TableCell>
              <TableCell label="Backup">
                <ProvenanceBadges exported={wallet.exported} imported={wallet.imported} />
              </TableCell>
              <TableCell label="Created" className="whitespace-nowrap text-muted-foreground">
                {formatTimestamp(wallet.createdAt)}
              </TableCell>
            </TableRow>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
