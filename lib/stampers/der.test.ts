import { generateKeyPairSync, sign, verify } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { rawSignatureToDer } from "./der";

describe("raw ECDSA signature to DER", () => {
  it("gives DER that node:crypto verifies, for any message", () => {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 0, maxLength: 64 }), (message) => {
        const raw = sign("sha256", message, { key: privateKey, dsaEncoding: "ieee-p1363" });
        const der = rawSignatureToDer(new Uint8Array(raw));
        expect(verify("sha256", message, { key: publicKey, dsaEncoding: "der" }, der)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it("keeps integers minimal: leading zeros dropped, a high bit padded", () => {
    const raw = new Uint8Array(64);
    raw[31] = 0x01; // r = 1
    raw[32] = 0x80; // s has its high bit set
    const der = rawSignatureToDer(raw);
    expect(Array.from(der.slice(0, 5))).toEqual([0x30, 3 + 35, 0x02, 0x01, 0x01]);
    expect(Array.from(der.slice(5, 8))).toEqual([0x02, 33, 0x00]);
  });

  it("refuses a signature of the wrong length", () => {
    expect(() => rawSignatureToDer(new Uint8Array(63))).toThrow(/64 bytes/);
  });
});
