import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { TWalletAccountParams } from "@/lib/api/wallets";
import type { Tx } from "../db/client";
import { type SealedSecretRow, sealedSecrets, walletAccounts, wallets } from "../db/schema";
import { notFound } from "../errors";

/** How a derivation is named, in refusals and in the set of those a wallet has already. */
export const derivationKey = (a: { curve: string; path: string; addressFormat: string }) =>
  `${a.curve} ${a.path} ${a.addressFormat}`;

/** What adding accounts to a wallet must know before it writes, as one statement read it. */
export interface WalletForAccounts {
  /** The wallet's sealed mnemonic as stored (ciphertext: only the signer unseals it), if any. */
  sealedMnemonic: SealedSecretRow[];
  /** Of the derivations asked for, those the wallet has already (derivationKey). */
  takenDerivations: Set<string>;
  /** A name asked for that an account of the organization has already. */
  takenName: string | undefined;
}

const mnemonic = alias(sealedSecrets, "wallet_mnemonic");

/**
 * The wallet (a 404 when this organization has none by that id), its sealed mnemonic, and which of
 * the asked derivations and names are taken, in one round trip: they were four (the wallet, the
 * mnemonic, the derivations, the names), each waiting for the one before while the transaction
 * held its connection. The derivations are looked up through the wallet's unique derivation index
 * and only those asked for, so that an account does not cost more than the one before it; a
 * concurrent activity taking one of them meanwhile still fails on that index (a 409 CONFLICT).
 */
export async function readWalletForAccounts(
  tx: Tx,
  organizationId: string,
  walletId: string,
  accounts: TWalletAccountParams[],
): Promise<WalletForAccounts> {
  const asked = accounts.map((a) => sql`(${a.curve}, ${a.path}, ${a.addressFormat})`);
  const derivation = sql`(${walletAccounts.curve}, ${walletAccounts.path}, ${walletAccounts.addressFormat})`;
  const takenDerivations =
    asked.length === 0
      ? sql<null>`null`
      : sql<
          [string, string, string][] | null
        >`(select json_agg(json_build_array(${walletAccounts.curve}, ${walletAccounts.path}, ${walletAccounts.addressFormat})) from ${walletAccounts} where ${walletAccounts.walletId} = ${wallets.id} and ${derivation} in (${sql.join(asked, sql`, `)}))`;
  const names = accounts.map((a) => a.name).filter((n): n is string => !!n);
  const takenName =
    names.length === 0
      ? sql<null>`null`
      : sql<string | null>`(select ${walletAccounts.name} from ${walletAccounts} where ${and(
          eq(walletAccounts.organizationId, wallets.organizationId),
          isNotNull(walletAccounts.name),
          inArray(walletAccounts.name, names),
        )} limit 1)`;
  const [row] = await tx
    .select({ id: wallets.id, sealedMnemonic: mnemonic, takenDerivations, takenName })
    .from(wallets)
    .leftJoin(mnemonic, eq(mnemonic.id, wallets.id))
    .where(and(eq(wallets.organizationId, organizationId), eq(wallets.id, walletId)));
  if (!row) throw notFound("wallet", walletId);
  return {
    sealedMnemonic: row.sealedMnemonic ? [row.sealedMnemonic] : [],
    takenDerivations: new Set(
      (row.takenDerivations ?? []).map(([curve, path, addressFormat]) =>
        derivationKey({ curve, path, addressFormat }),
      ),
    ),
    takenName: row.takenName ?? undefined,
  };
}
