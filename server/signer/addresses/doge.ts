import { hash160, versioned } from "./encoding";
import type { AddressFormatTable } from "./spec";

/** Dogecoin P2PKH: Base58Check of HASH160(compressed key), version 0x1e ("D…") or 0x71 ("n…"). */
const MAINNET_PUBKEY_HASH = 0x1e;
const TESTNET_PUBKEY_HASH = 0x71;

export const dogeFormats = {
  ADDRESS_FORMAT_DOGE_MAINNET: {
    curves: ["CURVE_SECP256K1"],
    caip2: "bip122", // Dogecoin is a BIP-122 chain: bip122:1a91e3dace36e2be3bf030a65679fe82
    defaultPath: (index) => `m/44'/3'/0'/0/${index}`,
    encode: (publicKey) => versioned(MAINNET_PUBKEY_HASH, hash160(publicKey)),
  },
  ADDRESS_FORMAT_DOGE_TESTNET: {
    curves: ["CURVE_SECP256K1"],
    caip2: "bip122",
    // SLIP-44 coin type 1' is shared by every testnet.
    defaultPath: (index) => `m/44'/1'/0'/0/${index}`,
    encode: (publicKey) => versioned(TESTNET_PUBKEY_HASH, hash160(publicKey)),
  },
} satisfies AddressFormatTable<"ADDRESS_FORMAT_DOGE_MAINNET" | "ADDRESS_FORMAT_DOGE_TESTNET">;
