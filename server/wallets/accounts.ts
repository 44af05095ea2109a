import type { TWalletAccountParams } from "@/lib/api/wallets";
import type { AppContext } from "../context";
import type { Tx } from "../db/client";
import { walletAccounts } from "../db/schema";
import { ApiError } from "../errors";
import { newId } from "../ids";
import { deriveWalletAccounts } from "../signer/wallet-secrets";
import { derivationKey, readWalletForAccounts, type WalletForAccounts } from "./read-for-accounts";

/**
 * Derive the requested accounts of a wallet of the organization (a 404 when it has none by that id)
 * and (unless `persist` is false) store them. Returns the addresses in request order, as
 * create_wallet and create_wallet_accounts report them. Two round trips when persisting: the
 * wallet's read (readWalletForAccounts) and the accounts' insert with their sealed keys.
 */
export async function addAccounts(
  app: AppContext,
  tx: Tx,
  wallet: { id: string; organizationId: string },
  accounts: TWalletAccountParams[],
  now: Date,
  options: { persist?: boolean } = {},
): Promise<string[]> {
  if (accounts.length === 0) return [];
  refuseRepeats(accounts);
  const persist = options.persist !== false;
  const read = await readWalletForAccounts(tx, wallet.organizationId, wallet.id, accounts);
  const ids = persist ? accounts.map(() => newId(now.getTime())) : undefined;
  const { accounts: derived, storeKeys } = await deriveWalletAccounts(
    tx,
    app.keyring,
    { walletId: wallet.id, organizationId: wallet.organizationId },
    accounts.map(({ curve, path, addressFormat }) => ({ curve, path, addressFormat })),
    ids,
    read.sealedMnemonic,
  );
  if (!ids) return derived.map((d) => d.address);
  refuseTaken(wallet.id, read, accounts);
  const inserted = tx.$with("inserted_accounts").as(
    tx
      .insert(walletAccounts)
      .values(
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
      )
      .returning({ id: walletAccounts.id }),
  );
  // The accounts and each one's private key, sealed under its id (signing unseals it instead of
  // re-deriving), in one statement.
  await storeKeys(tx, now, inserted);
  return derived.map((d) => d.address);
}

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

/** The refusals of readWalletForAccounts' findings, after the derivation's own (a bad path first). */
function refuseTaken(walletId: string, read: WalletForAccounts, accounts: TWalletAccountParams[]): void {
  const clash = accounts.find((a) => read.takenDerivations.has(derivationKey(a)));
  if (clash) {
    throw new ApiError(
      "ALREADY_EXISTS",
      "WALLET_ACCOUNT_EXISTS",
      `wallet ${walletId} already has an account for ${derivationKey(clash)}`,
    );
  }
  if (read.takenName !== undefined) {
    throw new ApiError(
      "ALREADY_EXISTS",
      "WALLET_ACCOUNT_NAME_TAKEN",
      `a wallet account named "${read.takenName}" already exists in this organization`,
    );
  }
}
