import { blake2b } from "@noble/hashes/blake2.js";
import type { Curve } from "../types";
import { hex } from "./encoding";
import type { AddressFormatTable } from "./spec";

/**
 * Sui: 0x ‖ hex(BLAKE2b-256(flag ‖ public key)). Sui accepts all three curves, each with its
 * signature-scheme flag and its own purpose in the path (Sui's key derivation docs).
 */
const SCHEMES: Record<Curve, { flag: number; path: (index: number) => string }> = {
  CURVE_ED25519: { flag: 0x00, path: (index) => `m/44'/784'/${index}'/0'/0'` },
  CURVE_SECP256K1: { flag: 0x01, path: (index) => `m/54'/784'/${index}'/0/0` },
  CURVE_P256: { flag: 0x02, path: (index) => `m/74'/784'/${index}'/0/0` },
};

export const suiFormats = {
  ADDRESS_FORMAT_SUI: {
    curves: ["CURVE_ED25519", "CURVE_SECP256K1", "CURVE_P256"],
    caip2: "sui",
    defaultPath: (index, curve) => SCHEMES[curve].path(index),
    encode: (publicKey, curve) =>
      `0x${hex(blake2b(Uint8Array.of(SCHEMES[curve].flag, ...publicKey), { dkLen: 32 }))}`,
  },
} satisfies AddressFormatTable<"ADDRESS_FORMAT_SUI">;
