import { Slip10, Slip10Curve, Slip10RawIndex } from "@cosmjs/crypto";
import { p256 } from "@noble/curves/nist.js";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { bytesToNumberBE } from "@noble/curves/utils.js";
import { hmac } from "@noble/hashes/hmac.js";
import { sha512 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { HDKey } from "@scure/bip32";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InputError } from "../../encoding/input-error";
import { deriveExtendedKey, deriveKeyPair } from "../hd/derive";

/**
 * Properties over random seeds and paths. The reference for secp256k1 is @scure/bip32 and for
 * ed25519 @cosmjs/crypto's Slip10, two implementations the product code does not use. For the
 * hardened/non-hardened rule the test computes BIP-32's public derivation (CKDpub) itself: a
 * normal child must be reachable from the parent's public key and chain code alone.
 */

const seedArb = fc.uint8Array({ minLength: 16, maxLength: 64 });
const indexArb = fc.integer({ min: 0, max: 2 ** 31 - 1 });
const segmentArb = fc.record({ index: indexArb, hardened: fc.boolean() });
const pathArb = fc.array(segmentArb, { maxLength: 6 });
const hardenedPathArb = fc
  .array(indexArb, { maxLength: 6 })
  .map((ix) => ix.map((index) => ({ index, hardened: true })));

type Segment = { index: number; hardened: boolean };
const toPath = (segments: Segment[], mark = "'") =>
  ["m", ...segments.map((s) => `${s.index}${s.hardened ? mark : ""}`)].join("/");

const RUNS = { numRuns: 60 };

describe("derivation properties", () => {
  it("is deterministic, and ' and h spell the same path", () => {
    fc.assert(
      fc.property(
        seedArb,
        pathArb,
        fc.constantFrom("CURVE_SECP256K1", "CURVE_P256") as fc.Arbitrary<"CURVE_SECP256K1" | "CURVE_P256">,
        (seed, segments, curve) => {
          const a = deriveKeyPair(seed, curve, toPath(segments));
          const b = deriveKeyPair(Uint8Array.from(seed), curve, toPath(segments, "h"));
          expect(bytesToHex(b.privateKey)).toBe(bytesToHex(a.privateKey));
          expect(bytesToHex(b.publicKey)).toBe(bytesToHex(a.publicKey));
        },
      ),
      RUNS,
    );
  });

  it("secp256k1 agrees with @scure/bip32 on random seeds and paths", () => {
    fc.assert(
      fc.property(seedArb, pathArb, (seed, segments) => {
        const path = toPath(segments);
        const reference = HDKey.fromMasterSeed(seed).derive(path);
        const node = deriveExtendedKey(seed, "CURVE_SECP256K1", path);
        expect(bytesToHex(node.privateKey)).toBe(bytesToHex(reference.privateKey!));
        expect(bytesToHex(node.chainCode)).toBe(bytesToHex(reference.chainCode!));
      }),
      RUNS,
    );
  });

  it("ed25519 agrees with @cosmjs/crypto Slip10 on random seeds and hardened paths", () => {
    fc.assert(
      fc.property(seedArb, hardenedPathArb, (seed, segments) => {
        const reference = Slip10.derivePath(
          Slip10Curve.Ed25519,
          seed,
          segments.map((s) => Slip10RawIndex.hardened(s.index)),
        );
        const node = deriveExtendedKey(seed, "CURVE_ED25519", toPath(segments));
        expect(bytesToHex(node.privateKey)).toBe(bytesToHex(reference.privkey));
        expect(bytesToHex(node.chainCode)).toBe(bytesToHex(reference.chainCode));
      }),
      RUNS,
    );
  });

  it("ed25519 refuses every path with a non-hardened level", () => {
    fc.assert(
      fc.property(
        seedArb,
        pathArb.filter((segments) => segments.some((s) => !s.hardened)),
        (seed, segments) => {
          expect(() => deriveKeyPair(seed, "CURVE_ED25519", toPath(segments))).toThrow(InputError);
          expect(() => deriveKeyPair(seed, "CURVE_ED25519", toPath(segments))).toThrow(/is not hardened/);
        },
      ),
      RUNS,
    );
  });

  for (const [curve, Point] of [
    ["CURVE_SECP256K1", secp256k1.Point],
    ["CURVE_P256", p256.Point],
  ] as const) {
    it(`${curve}: a normal child follows from the parent's public key; a hardened one does not`, () => {
      fc.assert(
        fc.property(seedArb, hardenedPathArb, indexArb, (seed, parentSegments, index) => {
          const parentPath = toPath(parentSegments);
          const parent = deriveExtendedKey(seed, curve, parentPath);
          const parentPublic = deriveKeyPair(seed, curve, parentPath).publicKey;
          // CKDpub: K_i = K_par + parse256(IL)·G with I = HMAC-SHA512(c_par, serP(K_par) ‖ ser32(i)).
          const ser32 = new Uint8Array(4);
          new DataView(ser32.buffer).setUint32(0, index);
          const digest = hmac(sha512, parent.chainCode, Uint8Array.of(...parentPublic, ...ser32));
          const tweak = bytesToNumberBE(digest.subarray(0, 32));
          fc.pre(tweak > 0n && tweak < Point.Fn.ORDER); // else SLIP-10 retries (chance ~2^-127)
          const expected = Point.fromBytes(parentPublic).add(Point.BASE.multiply(tweak)).toBytes(true);

          const normal = deriveKeyPair(seed, curve, `${parentPath}/${index}`);
          const hardened = deriveKeyPair(seed, curve, `${parentPath}/${index}'`);
          expect(bytesToHex(normal.publicKey)).toBe(bytesToHex(expected));
          expect(bytesToHex(hardened.publicKey)).not.toBe(bytesToHex(expected));
          expect(bytesToHex(hardened.privateKey)).not.toBe(bytesToHex(normal.privateKey));
        }),
        RUNS,
      );
    });
  }

  it("different curves give unrelated keys for the same seed and path", () => {
    fc.assert(
      fc.property(seedArb, hardenedPathArb, (seed, segments) => {
        const path = toPath(segments);
        const keys = (["CURVE_SECP256K1", "CURVE_P256", "CURVE_ED25519"] as const).map((curve) =>
          bytesToHex(deriveKeyPair(seed, curve, path).privateKey),
        );
        expect(new Set(keys).size).toBe(3);
      }),
      RUNS,
    );
  });
});
