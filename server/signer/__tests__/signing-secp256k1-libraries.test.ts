import { secp256k1 } from "@noble/curves/secp256k1.js";
import { bytesToHex, numberToBytesBE } from "@noble/curves/utils.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { signDigest } from "../signing/ecdsa";
import {
  nativeSecp256k1Sign,
  type Secp256k1Sign,
  secp256k1Build,
  secp256k1Sign,
  wasmSecp256k1Sign,
} from "../signing/secp256k1-sign";
import { secp256k1AddonShipsHere } from "./secp256k1-addon-platform";

/**
 * secp256k1 signatures come from libsecp256k1, as a native addon where its binary loads and as
 * WebAssembly otherwise. RFC 6979 makes ECDSA deterministic, so an independent implementation
 * (noble, the JavaScript one the signer used before) must give the very same r, s and recovery id
 * for every key and digest — from both builds, including the edges of both ranges, where a
 * reduction modulo the order or a low-S flip is easiest to get wrong.
 */

const N = secp256k1.Point.Fn.ORDER;
const scalar = (k: bigint) => numberToBytesBE(k, 32);

function noble(privateKey: Uint8Array, digest: Uint8Array) {
  const recovered = secp256k1.sign(digest, privateKey, { prehash: false, lowS: true, format: "recovered" });
  return {
    r: bytesToHex(recovered.subarray(1, 33)),
    s: bytesToHex(recovered.subarray(33, 65)),
    v: recovered[0]!.toString(16).padStart(2, "0"),
  };
}

const rsv = (sign: Secp256k1Sign, privateKey: Uint8Array, digest: Uint8Array) => {
  const { signature, recoveryId } = sign(privateKey, digest);
  return {
    r: bytesToHex(signature.subarray(0, 32)),
    s: bytesToHex(signature.subarray(32, 64)),
    v: recoveryId.toString(16).padStart(2, "0"),
  };
};

describe("the libsecp256k1 build the signer uses", () => {
  it("is the native addon on Linux x64 with glibc, the platform its binary ships for here", () => {
    if (secp256k1AddonShipsHere()) {
      expect(nativeSecp256k1Sign).toBeDefined();
      expect(secp256k1Sign).toBe(nativeSecp256k1Sign);
      expect(secp256k1Build).toBe("native libsecp256k1");
    } else {
      expect(secp256k1Sign).toBe(nativeSecp256k1Sign ?? wasmSecp256k1Sign);
    }
  });

  const builds: [string, Secp256k1Sign | undefined][] = [
    ["native", nativeSecp256k1Sign],
    ["WebAssembly", wasmSecp256k1Sign],
  ];
  for (const [name, sign] of builds.filter((b): b is [string, Secp256k1Sign] => b[1] !== undefined)) {
    it(`${name}: equals noble for any key and digest, digests ≥ n included, and refuses a key outside 1…n−1`, () => {
      fc.assert(
        fc.property(
          fc.bigInt(1n, N - 1n).map(scalar),
          fc.uint8Array({ minLength: 32, maxLength: 32 }),
          (privateKey, digest) => {
            expect(rsv(sign, privateKey, digest)).toEqual(noble(privateKey, digest));
          },
        ),
        { numRuns: 200 },
      );
      // A digest at or past the order is what an older libsecp256k1 fed its nonce unreduced.
      for (const digest of [N - 1n, N, N + 1n, 2n ** 256n - 1n].map(scalar)) {
        for (const key of [1n, N / 2n, N - 1n].map(scalar)) {
          expect(rsv(sign, key, digest)).toEqual(noble(key, digest));
        }
      }
      const digest = new Uint8Array(32).fill(7);
      expect(() => sign(scalar(0n), digest)).toThrow();
      expect(() => sign(scalar(N), digest)).toThrow();
    });
  }
});

describe("secp256k1 signing through libsecp256k1", () => {
  it("equals noble's RFC 6979 low-S signature for any key and digest", () => {
    fc.assert(
      fc.property(
        fc.bigInt(1n, N - 1n).map(scalar),
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        (privateKey, digest) => {
          expect(signDigest("CURVE_SECP256K1", privateKey, digest)).toEqual(noble(privateKey, digest));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("equals noble at the edges: keys 1 and n−1, digests 0, n−1, n and 2²⁵⁶−1", () => {
    const keys = [1n, 2n, N / 2n, N - 1n].map(scalar);
    const digests = [0n, 1n, N - 1n, N, N + 1n, 2n ** 256n - 1n].map(scalar);
    for (const key of keys) {
      for (const digest of digests) {
        const ours = signDigest("CURVE_SECP256K1", key, digest);
        expect(ours).toEqual(noble(key, digest));
        expect(BigInt(`0x${ours.s}`) <= N / 2n).toBe(true);
      }
    }
  });

  it("refuses a key outside 1…n−1 instead of signing with it", () => {
    const digest = new Uint8Array(32).fill(7);
    expect(() => signDigest("CURVE_SECP256K1", scalar(0n), digest)).toThrow();
    expect(() => signDigest("CURVE_SECP256K1", scalar(N), digest)).toThrow();
  });
});
