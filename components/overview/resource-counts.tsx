"use client";

import type { UseQueryResult } from "@tanstack/react-query";
import Link from "next/link";
import { usePolicies } from "@/lib/queries/policies";
import { usePrivateKeys } from "@/lib/queries/private-keys";
import { useUsers } from "@/lib/queries/users";
import { useWallets } from "@/lib/queries/wallets";

/** One count, linking to its page; it loads and fails on its own, as every widget does. */
function CountTile({ label, href, list }: { label: string; href: string; list: UseQueryResult<unknown[]> }) {
  const value = list.error ? "—" : list.data ? String(list.data.length) : "…";
  return (
    <Link
      href={href}
      data-testid={`count-${href.slice(1)}`}
      title={list.error?.message}
      className="grid min-h-11 gap-1 rounded-lg border border-border bg-card p-4 shadow-sm hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary/40"
    >
      <span className="text-sm text-muted-foreground">{label}</span>
      <span className="text-2xl font-semibold" data-testid="count">
        {value}
      </span>
    </Link>
  );
}

/** How many users, wallets, private keys and policies the organization has. */
export function ResourceCounts() {
  return (
    <section aria-label="Counts" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <CountTile label="Users" href="/users" list={useUsers()} />
      <CountTile label="Wallets" href="/wallets" list={useWallets()} />
      <CountTile label="Private keys" href="/private-keys" list={usePrivateKeys()} />
      <CountTile label="Policies" href="/policies" list={usePolicies()} />
    </section>
  );
}
