import { base58 } from "@scure/base";
import type { AddressFormatTable } from "./spec";

/** A Solana address is the ed25519 public key in Base58. */
export const solanaFormats = {
  ADDRESS_FORMAT_SOLANA: {
    curves: ["CURVE_ED25519"],
    caip2: "solana",
    // Phantom, Solflare and the Solana CLI: one hardened account per index.
    defaultPath: (index) => `m/44'/501'/${index}'/0'`,
    encode: (publicKey) => base58.encode(publicKey),
  },
} satisfies AddressFormatTable<"ADDRESS_FORMAT_SOLANA">;
