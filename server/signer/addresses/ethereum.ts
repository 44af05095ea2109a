import { keccak_256 } from "@noble/hashes/sha3.js";
import { hex, uncompressedPoint } from "./encoding";
import type { AddressFormatTable } from "./spec";

/** The 20-byte account id Ethereum (and Tron) use: the last 20 bytes of keccak256(x ‖ y). */
export function ethereumAccountId(compressedSecp256k1: Uint8Array): Uint8Array {
  const point = uncompressedPoint("CURVE_SECP256K1", compressedSecp256k1);
  return keccak_256(point.subarray(1)).slice(-20);
}

/** EIP-55: upper-case each hex letter whose nibble in keccak256(lower-case hex) is 8 or more. */
export function toChecksumAddress(accountId: Uint8Array): string {
  const lower = hex(accountId);
  const digest = hex(keccak_256(new TextEncoder().encode(lower)));
  let out = "0x";
  for (let i = 0; i < lower.length; i++) {
    const char = lower.charAt(i);
    out += Number.parseInt(digest.charAt(i), 16) >= 8 ? char.toUpperCase() : char;
  }
  return out;
}

export const ethereumFormats = {
  ADDRESS_FORMAT_ETHEREUM: {
    curves: ["CURVE_SECP256K1"],
    caip2: "eip155",
    defaultPath: (index) => `m/44'/60'/0'/0/${index}`,
    encode: (publicKey) => toChecksumAddress(ethereumAccountId(publicKey)),
  },
} satisfies AddressFormatTable<"ADDRESS_FORMAT_ETHEREUM">;
