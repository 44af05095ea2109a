/**
 * Reads an ECDSA signature's DER `SEQUENCE { INTEGER r, INTEGER s }` into 64 bytes r‖s.
 *
 * Lenient on purpose in one way only: an integer may carry extra leading zero bytes. The official
 * `@turnkey/crypto` `toDerSignature` (used by `@turnkey/wallet-stamper`) pads a 32-byte r or s
 * as it is, so about one stamp in 128 arrives as `02 20 00 7f…` — valid numbers, non-minimal DER —
 * and strict parsers (noble, OpenSSL) refuse it. Everything else is strict: one short-form
 * sequence, exactly two positive integers of at most 32 significant bytes, nothing trailing.
 * Range checks (0 < r, s < n) stay with the curve library that verifies.
 */
export function ecdsaDerToCompact(der: Uint8Array): Uint8Array | null {
  if (der.length < 8 || der.length > 2 + 2 * 35 || der[0] !== 0x30 || der[1] !== der.length - 2) {
    return null;
  }
  const out = new Uint8Array(64);
  let at = 2;
  for (const half of [0, 1]) {
    if (der[at] !== 0x02) return null;
    const length = der[at + 1] ?? 0;
    const start = at + 2;
    const end = start + length;
    if (length === 0 || length > 33 || end > der.length) return null;
    if ((der[start] ?? 0) & 0x80) return null; // a negative integer
    let first = start;
    while (first < end - 1 && der[first] === 0) first += 1;
    if (end - first > 32) return null;
    out.set(der.subarray(first, end), half * 32 + 32 - (end - first));
    at = end;
  }
  return at === der.length ? out : null;
}
