import { p256 } from "@noble/curves/nist.js";

/** True when `hex` is a SEC1 encoding of a point on P-256 (a regex cannot tell; the curve equation can). */
export function isP256Point(hex: string): boolean {
  try {
    p256.Point.fromHex(hex);
    return true;
  } catch {
    return false;
  }
}
