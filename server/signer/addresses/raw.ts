import type { Curve } from "../types";
import { hex, uncompressedPoint } from "./encoding";
import type { AddressFormatSpec, AddressFormatTable } from "./spec";

/**
 * The public key itself as the "address", hex without 0x. An ed25519 key has only one form, its
 * 32 bytes, so both formats give the same string for it.
 */

const ALL_CURVES = ["CURVE_SECP256K1", "CURVE_ED25519", "CURVE_P256"] as const;

// No chain convention exists for a bare key. Weierstrass keys default to the Ethereum path
// (the most common use of a raw secp256k1 key); ed25519 needs hardened levels, so it takes the
// Solana one.
function rawDefaultPath(index: number, curve: Curve): string {
  return curve === "CURVE_ED25519" ? `m/44'/501'/${index}'/0'` : `m/44'/60'/0'/0/${index}`;
}

const rawFormat = (encode: AddressFormatSpec["encode"]): AddressFormatSpec => ({
  curves: ALL_CURVES,
  caip2: undefined,
  defaultPath: rawDefaultPath,
  encode,
});

export const rawFormats = {
  ADDRESS_FORMAT_COMPRESSED: rawFormat((publicKey) => hex(publicKey)),
  ADDRESS_FORMAT_UNCOMPRESSED: rawFormat((publicKey, curve) =>
    hex(curve === "CURVE_ED25519" ? publicKey : uncompressedPoint(curve, publicKey)),
  ),
} satisfies AddressFormatTable<"ADDRESS_FORMAT_COMPRESSED" | "ADDRESS_FORMAT_UNCOMPRESSED">;
