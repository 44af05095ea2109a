import { toTimestamp } from "@/lib/api/common";
import type { TWallet, TWalletAccount } from "@/lib/api/wallets";
import type { WalletAccountRow, WalletRow } from "../db/schema";
import { caip2PrefixFor } from "../signer/addresses";
import type { AddressFormat, Curve } from "../signer/types";

export function renderWallet(row: WalletRow): TWallet {
  return {
    walletId: row.id,
    walletName: row.name,
    createdAt: toTimestamp(row.createdAt),
    updatedAt: toTimestamp(row.updatedAt),
    exported: row.exported,
    imported: row.imported,
  };
}

export function renderAccount(row: WalletAccountRow, wallet?: WalletRow): TWalletAccount {
  const caip2Prefix = caip2PrefixFor(row.addressFormat as AddressFormat);
  return {
    walletAccountId: row.id,
    organizationId: row.organizationId,
    walletId: row.walletId,
    curve: row.curve as Curve,
    pathFormat: "PATH_FORMAT_BIP32",
    path: row.path,
    addressFormat: row.addressFormat as AddressFormat,
    address: row.address,
    createdAt: toTimestamp(row.createdAt),
    updatedAt: toTimestamp(row.updatedAt),
    publicKey: row.publicKey,
    ...(wallet ? { walletDetails: renderWallet(wallet) } : {}),
    ...(row.name ? { name: row.name } : {}),
    ...(caip2Prefix ? { caip2Prefix } : {}),
  };
}
