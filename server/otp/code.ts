import { createHmac, randomInt, timingSafeEqual } from "node:crypto";

/** Crockford's Base32 alphabet, as the reference's alphanumeric codes use: no I, L, O or U to misread. */
const ALPHANUMERIC = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const DIGITS = "0123456789";

/** A fresh code of `length` characters drawn uniformly (randomInt has no modulo bias). */
export function generateOtpCode(length: number, alphanumeric: boolean): string {
  const alphabet = alphanumeric ? ALPHANUMERIC : DIGITS;
  let code = "";
  for (let i = 0; i < length; i++) code += alphabet[randomInt(alphabet.length)];
  return code;
}

/** What a person types back: case does not matter in Crockford's Base32, spaces and dashes are separators. */
export function normalizeOtpCode(typed: string): string {
  return typed.replace(/[\s-]/g, "").toUpperCase();
}

/** hex HMAC-SHA256(key, salt ‖ 0x00 ‖ code): all that is stored of a code. */
export function otpCodeHmac(key: Uint8Array, salt: string, code: string): string {
  return createHmac("sha256", key).update(salt).update("\0").update(code).digest("hex");
}

/** Constant-time comparison of a typed code against the stored HMAC. */
export function otpCodeMatches(key: Uint8Array, salt: string, storedHmac: string, typed: string): boolean {
  const expected = Buffer.from(storedHmac, "hex");
  const actual = Buffer.from(otpCodeHmac(key, salt, normalizeOtpCode(typed)), "hex");
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
