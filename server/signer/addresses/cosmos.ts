import { bech32 } from "@scure/base";
import { hash160 } from "./encoding";
import type { AddressFormatSpec, AddressFormatTable } from "./spec";

/**
 * Cosmos SDK secp256k1 accounts: bech32(hrp, RIPEMD160(SHA256(compressed key))). Sei's native
 * (non-EVM) address is the same bytes under its own prefix; both use coin type 118.
 */
const cosmosFormat = (hrp: string): AddressFormatSpec => ({
  curves: ["CURVE_SECP256K1"],
  caip2: "cosmos",
  defaultPath: (index) => `m/44'/118'/0'/0/${index}`,
  encode: (publicKey) => bech32.encode(hrp, bech32.toWords(hash160(publicKey))),
});

export const cosmosFormats = {
  ADDRESS_FORMAT_COSMOS: cosmosFormat("cosmos"),
  ADDRESS_FORMAT_SEI: cosmosFormat("sei"),
} satisfies AddressFormatTable<"ADDRESS_FORMAT_COSMOS" | "ADDRESS_FORMAT_SEI">;
