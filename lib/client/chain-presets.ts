import type { AddressFormat, Curve } from "../api/key-formats";
import type { TWalletAccountParams } from "../api/wallets";

/**
 * The chains a person picks when creating a wallet or deriving an account: each one a curve, an
 * address format and the BIP-44-style path that chain's own wallets give account N. The browser
 * cannot import server/signer, so the paths are written out here (a test holds them to the server's).
 */
export interface ChainPreset {
  id: string;
  label: string;
  curve: Curve;
  addressFormat: AddressFormat;
  path(index: number): string;
}

export const CHAIN_PRESETS: readonly ChainPreset[] = [
  {
    id: "ethereum",
    label: "Ethereum",
    curve: "CURVE_SECP256K1",
    addressFormat: "ADDRESS_FORMAT_ETHEREUM",
    path: (n) => `m/44'/60'/0'/0/${n}`,
  },
  {
    id: "solana",
    label: "Solana",
    curve: "CURVE_ED25519",
    addressFormat: "ADDRESS_FORMAT_SOLANA",
    path: (n) => `m/44'/501'/${n}'/0'`,
  },
  {
    id: "bitcoin-segwit",
    label: "Bitcoin (native segwit)",
    curve: "CURVE_SECP256K1",
    addressFormat: "ADDRESS_FORMAT_BITCOIN_MAINNET_P2WPKH",
    path: (n) => `m/84'/0'/0'/0/${n}`,
  },
  {
    id: "bitcoin-taproot",
    label: "Bitcoin (taproot)",
    curve: "CURVE_SECP256K1",
    addressFormat: "ADDRESS_FORMAT_BITCOIN_MAINNET_P2TR",
    path: (n) => `m/86'/0'/0'/0/${n}`,
  },
  {
    id: "cosmos",
    label: "Cosmos",
    curve: "CURVE_SECP256K1",
    addressFormat: "ADDRESS_FORMAT_COSMOS",
    path: (n) => `m/44'/118'/0'/0/${n}`,
  },
  {
    id: "tron",
    label: "Tron",
    curve: "CURVE_SECP256K1",
    addressFormat: "ADDRESS_FORMAT_TRON",
    path: (n) => `m/44'/195'/0'/0/${n}`,
  },
  {
    id: "sui",
    label: "Sui",
    curve: "CURVE_ED25519",
    addressFormat: "ADDRESS_FORMAT_SUI",
    path: (n) => `m/44'/784'/${n}'/0'/0'`,
  },
  {
    id: "aptos",
    label: "Aptos",
    curve: "CURVE_ED25519",
    addressFormat: "ADDRESS_FORMAT_APTOS",
    path: (n) => `m/44'/637'/${n}'/0'/0'`,
  },
  {
    id: "stellar",
    label: "Stellar",
    curve: "CURVE_ED25519",
    addressFormat: "ADDRESS_FORMAT_XLM",
    path: (n) => `m/44'/148'/${n}'`,
  },
  {
    id: "xrp",
    label: "XRP",
    curve: "CURVE_SECP256K1",
    addressFormat: "ADDRESS_FORMAT_XRP",
    path: (n) => `m/44'/144'/0'/0/${n}`,
  },
  {
    id: "dogecoin",
    label: "Dogecoin",
    curve: "CURVE_SECP256K1",
    addressFormat: "ADDRESS_FORMAT_DOGE_MAINNET",
    path: (n) => `m/44'/3'/0'/0/${n}`,
  },
  {
    id: "ton",
    label: "TON (wallet v5r1)",
    curve: "CURVE_ED25519",
    addressFormat: "ADDRESS_FORMAT_TON_V5R1",
    path: (n) => `m/44'/607'/${n}'`,
  },
];

export function presetById(id: string): ChainPreset | undefined {
  return CHAIN_PRESETS.find((preset) => preset.id === id);
}

interface AccountLike {
  curve: string;
  path: string;
  addressFormat: string;
}

/** The preset an existing account was made with, when it was made with one (any index). */
export function presetOf(account: AccountLike): ChainPreset | undefined {
  return CHAIN_PRESETS.find(
    (preset) =>
      preset.curve === account.curve &&
      preset.addressFormat === account.addressFormat &&
      indexOf(preset, account.path) !== undefined,
  );
}

/** N when `path` is exactly the preset's path for account N (the template decides which number N is). */
function indexOf(preset: ChainPreset, path: string): number | undefined {
  for (const candidate of path.match(/\d+/g) ?? []) {
    const n = Number(candidate);
    if (preset.path(n) === path) return n;
  }
  return undefined;
}

/** The smallest account index whose derivation (curve, path, format) the wallet does not have yet. */
export function nextIndex(preset: ChainPreset, accounts: readonly AccountLike[]): number {
  const used = new Set(
    accounts
      .filter((a) => a.curve === preset.curve && a.addressFormat === preset.addressFormat)
      .map((a) => a.path),
  );
  let index = 0;
  while (used.has(preset.path(index))) index++;
  return index;
}

/** The create_wallet / create_wallet_accounts parameters of account `index` on the preset's chain. */
export function accountParams(preset: ChainPreset, index: number): TWalletAccountParams {
  return {
    curve: preset.curve,
    pathFormat: "PATH_FORMAT_BIP32",
    path: preset.path(index),
    addressFormat: preset.addressFormat,
  };
}
