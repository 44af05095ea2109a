"use client";

import Link from "next/link";
import type { TWalletAccount } from "@/lib/api/wallets";
import { addressFormatLabel, curveLabel } from "@/lib/client/address-formats";
import { presetOf } from "@/lib/client/chain-presets";
import { CopyButton } from "../ui/copy-button";
import { Table, TableCell, TableHead, TableHeader, TableRow } from "../ui/table";

/** A wallet's accounts, oldest first: where each address comes from, with copy buttons; each opens its page. */
export function AccountTable({ accounts }: { accounts: TWalletAccount[] }) {
  return (
    <Table>
      <TableHead>
        <tr>
          <TableHeader>Chain</TableHeader>
          <TableHeader>Address</TableHeader>
          <TableHeader>Path</TableHeader>
          <TableHeader>Curve</TableHeader>
          <TableHeader>Format</TableHeader>
        </tr>
      </TableHead>
      <tbody>
        {accounts.length === 0 && (
          <TableRow>
            <TableCell colSpan={5} className="text-muted-foreground">
              No accounts yet: derive one below.
            </TableCell>
          </TableRow>
        )}
        {accounts.map((account) => (
          <TableRow key={account.walletAccountId} data-account-format={account.addressFormat}>
            <TableCell label="Chain" className="whitespace-nowrap">
              {account.name ?? presetOf(account)?.label ?? addressFormatLabel(account.addressFormat)}
            </TableCell>
            <TableCell label="Address">
              <span className="flex items-center gap-1">
                <Link
                  href={`/wallets/${account.walletId}/accounts/${encodeURIComponent(account.address)}`}
                  className="break-all font-mono text-xs underline-offset-2 hover:underline"
                  data-testid="account-address"
                >
                  {account.address}
                </Link>
                <CopyButton value={account.address} label={`Copy address ${account.address}`} />
              </span>
            </TableCell>
            <TableCell label="Path">
              <span className="flex items-center gap-1">
                <span className="whitespace-nowrap font-mono text-xs" data-testid="account-path">
                  {account.path}
                </span>
                <CopyButton value={account.path} label={`Copy path ${account.path}`} />
              </span>
            </TableCell>
            <TableCell label="Curve" className="whitespace-nowrap">
              {curveLabel(account.curve)}
            </TableCell>
            <TableCell label="Format" className="whitespace-nowrap text-muted-foreground">
              {addressFormatLabel(account.addressFormat)}
            </TableCell>
          </TableRow>
        ))}
      </tbody>
    </Table>
  );
}
