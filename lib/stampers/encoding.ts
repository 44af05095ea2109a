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

/** SEC1 compressed form of an uncompressed P-256 point (04‖x‖y → 02/03‖x). */
export function compressP256(uncompressed: Uint8Array): Uint8Array {
  const x = uncompressed.slice(1, 33);
  const yIsOdd = (uncompressed[64]! & 1) === 1;
  return Uint8Array.of(yIsOdd ? 3 : 2, ...x);
}
