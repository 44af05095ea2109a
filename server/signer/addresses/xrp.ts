import { sha256 } from "@noble/hashes/sha2.js";
import { base58xrp } from "@scure/base";
import type { Curve } from "../types";
import { hash160 } from "./encoding";
import type { AddressFormatTable } from "./spec";

/**
 * XRP Ledger classic address: Base58Check in Ripple's alphabet of 0x00 ‖ account id, the account
 * id being RIPEMD160(SHA256(key)) of the 33-byte compressed secp256k1 key, or of 0xED ‖ the
 * 32-byte ed25519 key (how rippled tells the two apart).
 */
const ACCOUNT_ID_VERSION = 0x00;
const ED25519_KEY_PREFIX = 0xed;

function xrplPublicKey(publicKey: Uint8Array, curve: Curve): Uint8Array {
  return curve === "CURVE_ED25519" ? Uint8Array.of(ED25519_KEY_PREFIX, ...publicKey) : publicKey;
}

function classicAddress(publicKey: Uint8Array, curve: Curve): string {
  const payload = Uint8Array.of(ACCOUNT_ID_VERSION, ...hash160(xrplPublicKey(publicKey, curve)));
  const checksum = sha256(sha256(payload)).subarray(0, 4);
  return base58xrp.encode(Uint8Array.of(...payload, ...checksum));
}

export const xrpFormats = {
  ADDRESS_FORMAT_XRP: {
    curves: ["CURVE_SECP256K1", "CURVE_ED25519"],
    caip2: "xrpl",
    // xrpl.js Wallet.fromMnemonic derives m/44'/144'/0'/0/N; ed25519 needs hardened levels only.
    defaultPath: (index, curve) =>
      curve === "CURVE_ED25519" ? `m/44'/144'/${index}'/0'/0'` : `m/44'/144'/0'/0/${index}`,
    encode: classicAddress,
  },
} satisfies AddressFormatTable<"ADDRESS_FORMAT_XRP">;
