/** Byte helpers shared by the browser stampers (no Node Buffer in the browser). */
export const toHex = (bytes: Uint8Array): string =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

export function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export async function sha256Hex(text: string): Promise<string> {
  return toHex(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text))));
}

/** WebCrypto signs ECDSA as raw r‖s; the stamp format wants ASN.1 DER. */
export function rawSignatureToDer(raw: Uint8Array): Uint8Array {
  const integer = (part: Uint8Array) => {
    let start = 0;
    while (start < part.length - 1 && part[start] === 0) start++;
    const trimmed = part.slice(start);
    // A leading 1 bit would read as negative: pad with a zero byte.
    const body = trimmed[0]! & 0x80 ? Uint8Array.of(0, ...trimmed) : trimmed;
    return Uint8Array.of(0x02, body.length, ...body);
  };
  const r = integer(raw.slice(0, 32));
  const s = integer(raw.slice(32, 64));
  return Uint8Array.of(0x30, r.length + s.length, ...r, ...s);
}

/** SEC1 compressed form of an uncompressed P-256 point (04‖x‖y → 02/03‖x). */
export function compressP256(uncompressed: Uint8Array): Uint8Array {
  const x = uncompressed.slice(1, 33);
  const yIsOdd = (uncompressed[64]! & 1) === 1;
  return Uint8Array.of(yIsOdd ? 3 : 2, ...x);
}
