import { hexToBytes } from "@noble/hashes/utils.js";
import { InputError } from "./input-error";

const HEX_DIGITS = /^[0-9a-fA-F]*$/;

/**
 * Decodes hex a caller sent (with or without `0x`; the official clients send both) into bytes.
 * `field` names the request field in the error so the 400 says what was wrong.
 */
export function decodeHexField(value: string, field: string): Uint8Array {
  const digits = /^0x/i.test(value) ? value.slice(2) : value;
  if (!HEX_DIGITS.test(digits)) {
    throw new InputError(`${field} is not valid hex: only 0-9 and a-f are allowed after an optional 0x`);
  }
  if (digits.length % 2 !== 0) {
    throw new InputError(`${field} is not valid hex: it has an odd number of digits`);
  }
  return hexToBytes(digits);
}
