/**
 * WebCrypto signs ECDSA as raw r‖s (IEEE P1363); the stamp formats want ASN.1 DER:
 * SEQUENCE { INTEGER r, INTEGER s }, each integer minimal and non-negative.
 */
export function rawSignatureToDer(raw: Uint8Array): Uint8Array {
  if (raw.length !== 64) throw new Error(`a P-256 signature is 64 bytes, got ${raw.length}`);
  const r = derInteger(raw.slice(0, 32));
  const s = derInteger(raw.slice(32, 64));
  // At most 2 × 35 bytes, so the short (one-byte) length form always applies.
  return Uint8Array.of(0x30, r.length + s.length, ...r, ...s);
}

function derInteger(part: Uint8Array): Uint8Array {
  let start = 0;
  while (start < part.length - 1 && part[start] === 0) start++;
  const trimmed = part.slice(start);
  // A leading 1 bit would read as negative: pad with a zero byte.
  const body = trimmed[0]! & 0x80 ? Uint8Array.of(0, ...trimmed) : trimmed;
  return Uint8Array.of(0x02, body.length, ...body);
}
