import type { PolicyValue } from "../types";

/**
 * The `wallet`, `wallets`, `private_key` and `wallet_account` keywords, from what the activity
 * targets. `label` is the wallet's or key's name (the reference calls it a label).
 */

export function walletContext(wallet: {
  id: string;
  name: string;
  imported: boolean;
  exported: boolean;
}): PolicyValue {
  return { id: wallet.id, imported: wallet.imported, exported: wallet.exported, label: wallet.name };
}

export function privateKeyContext(key: {
  id: string;
  name: string;
  /** Tag ids, as policies name tags by id (`private_key.tags.contains('<TAG_ID>')`). */
  tags: readonly string[];
  imported: boolean;
  exported: boolean;
}): PolicyValue {
  return { id: key.id, tags: [...key.tags], imported: key.imported, exported: key.exported, label: key.name };
}

/** Ethereum addresses are lower-cased like every address in eth.* (see ethereum.ts). */
export function walletAccountContext(account: { address: string }): PolicyValue {
  const address = /^0x[0-9a-fA-F]{40}$/.test(account.address)
    ? account.address.toLowerCase()
    : account.address;
  return { address };
}
