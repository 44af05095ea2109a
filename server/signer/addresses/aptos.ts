import { sha3_256 } from "@noble/hashes/sha3.js";
import { hex } from "./encoding";
import type { AddressFormatTable } from "./spec";

/**
 * Aptos: the account address of a fresh account is its authentication key,
 * SHA3-256(public key ‖ scheme). Scheme 0x00 is the single-ed25519 ("legacy") scheme that
 * Petra and the SDK's default Ed25519 accounts use. Shown in full: 0x + 64 hex digits.
 */
const ED25519_SCHEME = 0x00;

export const aptosFormats = {
  ADDRESS_FORMAT_APTOS: {
    curves: ["CURVE_ED25519"],
    caip2: "aptos",
    defaultPath: (index) => `m/44'/637'/${index}'/0'/0'`,
    encode: (publicKey) => `0x${hex(sha3_256(Uint8Array.of(...publicKey, ED25519_SCHEME)))}`,
  },
} satisfies AddressFormatTable<"ADDRESS_FORMAT_APTOS">;
