import { eq } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../db/client";
import {
  policies,
  privateKeyAddresses,
  privateKeys,
  smartContractInterfaces,
  tags,
  users,
  walletAccounts,
  wallets,
} from "../db/schema";
import type { SummaryNames } from "./define";
import { shorten } from "./summary-text";

/** Await each read after the one before, answering them in order as Promise.all would. */
async function inTurn<T extends readonly PromiseLike<unknown>[]>(
  reads: T,
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const answers: unknown[] = [];
  for (const read of reads) answers.push(await read);
  return answers as { -readonly [K in keyof T]: Awaited<T[K]> };
}

/**
 * The organization's names for everything a summary may mention, read once for a batch of
 * activities (a page of the list): seven small reads instead of one per id. Deleted users keep
 * their names (they stay in the table), so an old activity still reads "Delete 1 user: bob".
 */
export async function loadSummaryNames(
  db: DbOrTx,
  organizationId: string,
): Promise<Omit<SummaryNames, "signed">> {
  const reads = [
    db.select({ id: users.id, name: users.name }).from(users).where(eq(users.organizationId, organizationId)),
    db
      .select({ id: wallets.id, name: wallets.name })
      .from(wallets)
      .where(eq(wallets.organizationId, organizationId)),
    db
      .select({
        id: walletAccounts.id,
        name: walletAccounts.name,
        address: walletAccounts.address,
        walletId: walletAccounts.walletId,
      })
      .from(walletAccounts)
      .where(eq(walletAccounts.organizationId, organizationId)),
    db
      .select({ id: privateKeys.id, name: privateKeys.name })
      .from(privateKeys)
      .where(eq(privateKeys.organizationId, organizationId)),
    db
      .select({ id: privateKeyAddresses.privateKeyId, address: privateKeyAddresses.address })
      .from(privateKeyAddresses)
      .where(eq(privateKeyAddresses.organizationId, organizationId)),
    db
      .select({ id: policies.id, name: policies.name })
      .from(policies)
      .where(eq(policies.organizationId, organizationId)),
    db.select({ id: tags.id, name: tags.name }).from(tags).where(eq(tags.organizationId, organizationId)),
    db
      .select({ id: smartContractInterfaces.id, name: smartContractInterfaces.label })
      .from(smartContractInterfaces)
      .where(eq(smartContractInterfaces.organizationId, organizationId)),
  ] as const;
  // On the pool the reads go out at once, each on a connection; in a transaction they share its one
  // connection, where node-postgres would queue them (deprecated: pg 9 refuses it), so in turn.
  const [userRows, walletRows, accountRows, keyRows, keyAddressRows, policyRows, tagRows, contractRows] =
    db instanceof PgTransaction ? await inTurn(reads) : await Promise.all(reads);
  const book = (rows: { id: string; name: string | null }[]) => {
    const names = new Map(rows.map((r) => [r.id, r.name ?? ""]));
    return (id: string) => names.get(id) || shorten(id);
  };
  const walletName = book(walletRows);
  const keyName = book(keyRows);
  // A signer is named by id or address; an account reads "Treasury/0xabab…abab", a key by its name.
  const signers = new Map<string, string>();
  for (const a of accountRows) {
    const label = `${walletName(a.walletId)}/${a.name || shorten(a.address)}`;
    signers.set(a.id, label);
    signers.set(a.address.toLowerCase(), label);
  }
  for (const k of keyAddressRows) signers.set(k.address.toLowerCase(), `key ${keyName(k.id)}`);
  for (const k of keyRows) signers.set(k.id, `key ${k.name}`);
  return {
    user: book(userRows),
    wallet: walletName,
    walletAccount: (id) => signers.get(id) ?? shorten(id),
    privateKey: keyName,
    policy: book(policyRows),
    tag: book(tagRows),
    contract: book(contractRows),
    signer: (signWith) => signers.get(signWith) ?? signers.get(signWith.toLowerCase()) ?? shorten(signWith),
  };
}
