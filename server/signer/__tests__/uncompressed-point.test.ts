import { p256 } from "@noble/curves/nist.js";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { bytesToHex, numberToBytesBE } from "@noble/curves/utils.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addressFor } from "../addresses";
import { uncompressedPoint } from "../addresses/encoding";

/**
 * Addresses decompress public keys natively (libsecp256k1's addon, OpenSSL) where noble did it in
 * JavaScript: an Ethereum address is the hash of the uncompressed point, so the bytes must be
 * noble's exactly, and a 33-byte string that is not a point must be refused as noble refused it
 * (an address is never made of a key off the curve).
 */
const CURVES = [
  ["CURVE_SECP256K1", secp256k1.Point],
  ["CURVE_P256", p256.Point],
] as const;

function noble(Point: (typeof CURVES)[number][1], key: Uint8Array): string | "refused" {
  try {
    return bytesToHex(Point.fromBytes(key).toBytes(false));
  } catch {
    return "refused";
  }
}

function native(curve: (typeof CURVES)[number][0], key: Uint8Array): string | "refused" {
  try {
    return bytesToHex(uncompressedPoint(curve, key));
  } catch {
    return "refused";
  }
}

describe("uncompressed points", () => {
  for (const [curve, Point] of CURVES) {
    const p = Point.Fp.ORDER;
    const compressed = (prefix: number, x: bigint) => Uint8Array.of(prefix, ...numberToBytesBE(x, 32));

    it(`${curve}: noble's bytes for every key, and noble's refusals for every other 33 bytes`, () => {
      let refused = 0;
      let points = 0;
      fc.assert(
        fc.property(
          fc.oneof(
            // Real public keys, and arbitrary x coordinates (about half are on the curve) under
            // the right prefixes or a wrong one.
            fc.bigInt(1n, Point.Fn.ORDER - 1n).map((k) => Point.BASE.multiply(k).toBytes(true)),
            fc
              .tuple(fc.constantFrom(2, 3), fc.bigInt(0n, p - 1n))
              .map(([prefix, x]) => compressed(prefix, x)),
            fc
              .tuple(fc.constantFrom(0, 1, 4, 5, 6, 7, 0xff), fc.bigInt(0n, p - 1n))
              .map(([prefix, x]) => compressed(prefix, x)),
          ),
          (key) => {
            const expected = noble(Point, key);
            expect(native(curve, key)).toBe(expected);
            if (expected === "refused") refused++;
            else points++;
          },
        ),
        { numRuns: 600 },
      );
      expect(refused).toBeGreaterThan(50);
      expect(points).toBeGreaterThan(50);
    });

    it(`${curve}: refuses x at or above the field's prime, and a point at infinity`, () => {
      for (const key of [
        compressed(2, p),
        compressed(3, p + 1n),
        compressed(2, 2n ** 256n - 1n),
        new Uint8Array(33),
      ]) {
        expect(native(curve, key)).toBe("refused");
        expect(noble(Point, key)).toBe("refused");
      }
    });

    it(`${curve}: an address of a key off the curve is refused with a message naming the key`, () => {
      let offCurve = compressed(2, 5n);
      for (let x = 5n; noble(Point, offCurve) !== "refused"; x++) offCurve = compressed(2, x);
      expect(() => addressFor("ADDRESS_FORMAT_COMPRESSED", curve, offCurve)).toThrow(
        /publicKey: .* on the curve/,
      );
    });
  }
});
