import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { type WalletAccountRow, type WalletRow, walletAccounts, wallets } from "../db/schema";
import { notFound } from "../errors";

/** A wallet of this organization, or a 404 (another organization's wallet is not found either). */
export async function findWallet(db: DbOrTx, organizationId: string, walletId: string): Promise<WalletRow> {
  const [row] = await db
    .select()
    .from(wallets)
    .where(and(eq(wallets.organizationId, organizationId), eq(wallets.id, walletId)));
  if (!row) throw notFound("wallet", walletId);
  return row;
}

/** Every listed wallet, or a 404 naming the first missing one. */
export async function findWallets(
  db: DbOrTx,
  organizationId: string,
  walletIds: string[],
): Promise<WalletRow[]> {
  const rows = await db
    .select()
    .from(wallets)
    .where(and(eq(wallets.organizationId, organizationId), inArray(wallets.id, walletIds)));
  const missing = walletIds.find((id) => !rows.some((r) => r.id === id));
  if (missing) throw notFound("wallet", missing);
  return rows;
}

export async function findAccountByAddress(
  db: DbOrTx,
  organizationId: string,
  address: string,
): Promise<WalletAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(walletAccounts)
    .where(and(eq(walletAccounts.organizationId, organizationId), eq(walletAccounts.address, address)))
    .limit(1);
  return row;
}
