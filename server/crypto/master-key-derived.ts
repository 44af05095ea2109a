import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Public values derived one-way from the master key, for checks that must not carry the key itself.
 * Each has its own label, so one can never stand in for another.
 */
function derive(masterKey: Uint8Array, label: string): string {
  return createHmac("sha256", masterKey).update(label).digest("hex");
}

/** Stored in a backup: a restore compares it with its own key's before writing anything. */
export function masterKeyCheck(masterKey: Uint8Array): string {
  return derive(masterKey, "latchkey backup master key check v1");
}

/**
 * The bearer token of the local backup endpoint: whoever holds the master key may fetch a backup
 * (which is sealed under that same key, so it tells them nothing they could not already read).
 */
export function backupToken(masterKey: Uint8Array): string {
  return derive(masterKey, "latchkey backup endpoint token v1");
}

export function sameToken(expected: string, given: string | null | undefined): boolean {
  if (!given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The key one-time codes are HMACed with (each flow adds a salt of its own): a database read alone
 * does not let anyone test guesses offline, because this key never leaves the process.
 */
export function otpCodeKey(masterKey: Uint8Array): Buffer {
  return createHmac("sha256", masterKey).update("latchkey otp code hmac key v1").digest();
}
