import { versioned } from "./encoding";
import { ethereumAccountId } from "./ethereum";
import type { AddressFormatTable } from "./spec";

/** Tron's mainnet prefix byte: 0x41 makes every Base58Check address start with "T". */
const TRON_PREFIX = 0x41;

export const tronFormats = {
  ADDRESS_FORMAT_TRON: {
    curves: ["CURVE_SECP256K1"],
    caip2: "tron",
    // TronLink and the hardware wallets put the account at the last level, like Ethereum.
    defaultPath: (index) => `m/44'/195'/0'/0/${index}`,
    encode: (publicKey) => versioned(TRON_PREFIX, ethereumAccountId(publicKey)),
  },
} satisfies AddressFormatTable<"ADDRESS_FORMAT_TRON">;
