import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { TWalletAccountParams } from "@/lib/api/wallets";
import type { AppContext } from "../context";
import type { Tx } from "../db/client";
import { type WalletRow, walletAccounts } from "../db/schema";
import { ApiError } from "../errors";
import { newId } from "../ids";
import { deriveWalletAccounts } from "../signer/wallet-secrets";

/**
 * Derive the requested accounts of a wallet and (unless `persist` is false) store them. Returns
 * the addresses in request order, as create_wallet and create_wallet_accounts report them.
 */
export async function addAccounts(
  app: AppContext,
  tx: Tx,
  wallet: WalletRow,
  accounts: TWalletAccountParams[],
  now: Date,
  options: { persist?: boolean } = {},
): Promise<string[]> {
  if (accounts.length === 0) return [];
  refuseRepeats(accounts);
  const persist = options.persist !== false;
  const ids = persist ? accounts.map(() => newId(now.getTime())) : undefined;
  const { accounts: derived, storeKeys } = await deriveWalletAccounts(
    tx,
    app.keyring,
    { walletId: wallet.id, organizationId: wallet.organizationId },
    accounts.map(({ curve, path, addressFormat }) => ({ curve, path, addressFormat })),
    ids,
  );
  if (!ids) return derived.map((d) => d.address);
  await refuseExisting(tx, wallet, accounts);
  await tx.insert(walletAccounts).values(
    derived.map((d, i) => ({
      id: ids[i]!,
      organizationId: wallet.organizationId,
      walletId: wallet.id,
      curve: d.curve,
      pathFormat: "PATH_FORMAT_BIP32",
      path: d.path,
      addressFormat: d.addressFormat,
      address: d.address,
      publicKey: d.publicKey,
      name: accounts[i]!.name ?? null,
      createdAt: now,
      updatedAt: now,
    })),
  );
  // Each account's private key, sealed under its id: signing unseals it instead of re-deriving.
  await storeKeys(tx, now);
  return derived.map((d) => d.address);
}

const derivationKey = (a: { curve: string; path: string; addressFormat: string }) =>
  `${a.curve} ${a.path} ${a.addressFormat}`;

function refuseRepeats(accounts: TWalletAccountParams[]): void {
  const seen = new Set<string>();
  const names = new Set<string>();
  accounts.forEach((account, i) => {
    const key = derivationKey(account);
    if (seen.has(key)) {
      throw new ApiError("INVALID_ARGUMENT", "WALLET_ACCOUNT_REPEATED", `accounts[${i}] repeats ${key}`);
    }
    seen.add(key);
    if (account.name) {
      if (names.has(account.name)) {
        throw new ApiError(
          "INVALID_ARGUMENT",
          "WALLET_ACCOUNT_NAME_TAKEN",
          `accounts[${i}].name repeats "${account.name}"`,
        );
      }
      names.add(account.name);
    }
  });
}

async function refuseExisting(tx: Tx, wallet: WalletRow, accounts: TWalletAccountParams[]): Promise<void> {
  // Only the derivations asked for, through the wallet's unique derivation index: reading every
  // account of the wallet made each new account cost more than the one before.
  const asked = sql.join(
    accounts.map((a) => sql`(${a.curve}, ${a.path}, ${a.addressFormat})`),
    sql`, `,
  );
  const existing = await tx
    .select({
      curve: walletAccounts.curve,
      path: walletAccounts.path,
      addressFormat: walletAccounts.addressFormat,
    })
    .from(walletAccounts)
    .where(
      and(
        eq(walletAccounts.walletId, wallet.id),
        sql`(${walletAccounts.curve}, ${walletAccounts.path}, ${walletAccounts.addressFormat}) in (${asked})`,
      ),
    );
  const taken = new Set(existing.map(derivationKey));
  const clash = accounts.find((a) => taken.has(derivationKey(a)));
  if (clash) {
    throw new ApiError(
      "ALREADY_EXISTS",
      "WALLET_ACCOUNT_EXISTS",
      `wallet ${wallet.id} already has an account for ${derivationKey(clash)}`,
    );
  }
  const names = accounts.map((a) => a.name).filter((n): n is string => !!n);
  if (names.length === 0) return;
  const [named] = await tx
    .select({ name: walletAccounts.name })
    .from(walletAccounts)
    .where(
      and(
        eq(walletAccounts.organizationId, wallet.organizationId),
        isNotNull(walletAccounts.name),
        inArray(walletAccounts.name, names),
      ),
    )
    .limit(1);
  if (named) {
    throw new ApiError(
      "ALREADY_EXISTS",
      "WALLET_ACCOUNT_NAME_TAKEN",
      `a wallet account named "${named.name}" already exists in this organization`,
    );
  }
}
