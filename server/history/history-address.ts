import { and, eq, type SQL, sql } from "drizzle-orm";
import type { AppContext } from "../context";
import { privateKeyAddresses, walletAccounts } from "../db/schema";
import { invalid, notFound } from "../errors";

/**
 * The history queries answer for the organization's own wallet accounts only: a private key's
 * address is a 400 saying so (the reference does not support them), any other address a 404 — the
 * same answer whether it belongs to another organization or to no one. `caseInsensitive` for EVM
 * hex addresses; Solana's base58 is compared exactly.
 */
export async function requireHistoryAddress(
  app: AppContext,
  organizationId: string,
  address: string,
  caseInsensitive: boolean,
): Promise<void> {
  const same = (column: typeof walletAccounts.address | typeof privateKeyAddresses.address): SQL =>
    caseInsensitive ? sql`lower(${column}) = ${address.toLowerCase()}` : sql`${column} = ${address}`;
  const [account] = await app.db
    .select({ id: walletAccounts.id })
    .from(walletAccounts)
    .where(and(eq(walletAccounts.organizationId, organizationId), same(walletAccounts.address)))
    .limit(1);
  if (account) return;
  const [key] = await app.db
    .select({ id: privateKeyAddresses.privateKeyId })
    .from(privateKeyAddresses)
    .where(and(eq(privateKeyAddresses.organizationId, organizationId), same(privateKeyAddresses.address)))
    .limit(1);
  if (key)
    throw invalid("private key addresses have no transaction history; use a wallet account", "address");
  throw notFound("wallet account", address);
}
