import { secp256k1 } from "@noble/curves/secp256k1.js";
import { bytesToHex, numberToBytesBE } from "@noble/curves/utils.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nativeCompressedPublicKey } from "../hd/native-public-key";
import {
  nativeSecp256k1PublicKey,
  type Secp256k1PublicKey,
  secp256k1PublicKey,
  wasmSecp256k1PublicKey,
} from "../hd/secp256k1-public-key";
import { secp256k1AddonShipsHere } from "./secp256k1-addon-platform";

/**
 * BIP-32 derivation turns secp256k1 scalars into public keys with libsecp256k1 (native addon, or
 * WebAssembly where the addon does not load) instead of OpenSSL: every wallet account's address and
 * every child key of a non-hardened level depend on those bytes, so each build must give exactly
 * what OpenSSL and noble give, for any scalar and at both ends of the range, and refuse what is not
 * a scalar rather than answer a point.
 */
const N = secp256k1.Point.Fn.ORDER;
const scalar = (k: bigint) => numberToBytesBE(k, 32);
const hex = (bytes: Uint8Array) => bytesToHex(bytes);

describe("secp256k1 public keys for derivation", () => {
  it("come from the native addon where it loads (Linux x64 with glibc here)", () => {
    if (secp256k1AddonShipsHere()) {
      expect(nativeSecp256k1PublicKey).toBeDefined();
      expect(secp256k1PublicKey).toBe(nativeSecp256k1PublicKey);
    } else {
      expect(secp256k1PublicKey).toBe(nativeSecp256k1PublicKey ?? wasmSecp256k1PublicKey);
    }
  });

  const builds: [string, Secp256k1PublicKey | undefined][] = [
    ["native", nativeSecp256k1PublicKey],
    ["WebAssembly", wasmSecp256k1PublicKey],
  ];
  for (const [name, publicKey] of builds.filter(
    (b): b is [string, Secp256k1PublicKey] => b[1] !== undefined,
  )) {
    it(`${name}: equals OpenSSL and noble for any scalar, 1, 2, n−2 and n−1 included`, () => {
      const edges = [1n, 2n, N - 2n, N - 1n].map(scalar);
      for (const k of edges) {
        expect(hex(publicKey(k))).toBe(hex(secp256k1.getPublicKey(k, true)));
      }
      fc.assert(
        fc.property(fc.bigInt(1n, N - 1n).map(scalar), (k) => {
          const point = hex(publicKey(k));
          expect(point).toHaveLength(66);
          expect(point).toBe(hex(nativeCompressedPublicKey("secp256k1", k)));
          expect(point).toBe(hex(secp256k1.getPublicKey(k, true)));
        }),
        { numRuns: 300 },
      );
    });

    it(`${name}: refuses 0, n, 2^256 − 1 and a key of the wrong length`, () => {
      for (const bad of [scalar(0n), scalar(N), new Uint8Array(32).fill(0xff), new Uint8Array(31).fill(1)]) {
        expect(() => publicKey(bad)).toThrow();
      }
    });
  }
});
