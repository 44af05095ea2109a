import { base32nopad } from "@scure/base";
import type { AddressFormatTable } from "./spec";

/** SEP-23 StrKey version byte of an ed25519 account id: 6 << 3, which encodes as "G". */
const ACCOUNT_ID_VERSION = 6 << 3;

/** CRC-16/XMODEM (polynomial 0x1021, initial 0), the StrKey checksum. */
function crc16xmodem(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc;
}

/** StrKey: base32(version ‖ key ‖ CRC16 little-endian), no padding. */
function strKeyAccountId(publicKey: Uint8Array): string {
  const body = Uint8Array.of(ACCOUNT_ID_VERSION, ...publicKey);
  const crc = crc16xmodem(body);
  return base32nopad.encode(Uint8Array.of(...body, crc & 0xff, crc >> 8));
}

export const stellarFormats = {
  ADDRESS_FORMAT_XLM: {
    curves: ["CURVE_ED25519"],
    caip2: "stellar",
    defaultPath: (index) => `m/44'/148'/${index}'`, // SEP-5
    encode: strKeyAccountId,
  },
} satisfies AddressFormatTable<"ADDRESS_FORMAT_XLM">;
