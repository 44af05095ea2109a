import { secp256k1 } from "@noble/curves/secp256k1.js";
import { toDerSignature } from "@turnkey/crypto";
import { describe, expect, it } from "vitest";
import { ecdsaDerToCompact } from "@/lib/audit/ecdsa-der";

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");
const compactOf = (der: string) => {
  const out = ecdsaDerToCompact(Buffer.from(der, "hex"));
  return out && hex(out);
};
const r = `00${"7f".repeat(31)}`;
const s = `${"81".repeat(32)}`;

describe("ECDSA DER signatures", () => {
  it("read minimal DER as noble writes it, for random signatures", () => {
    for (let i = 0; i < 200; i += 1) {
      const sig = secp256k1.sign(Buffer.from(`message ${i}`), secp256k1.utils.randomSecretKey(), {
        format: "der",
      });
      const compact = secp256k1.Signature.fromBytes(sig, "der").toBytes("compact");
      expect(compactOf(hex(sig))).toBe(hex(compact));
    }
  });

  it("read @turnkey/crypto's padded encoding of a 32-byte r with a leading zero", () => {
    const der = toDerSignature(r + s);
    expect(der.slice(0, 10)).toBe("3045022000");
    expect(compactOf(der)).toBe(r + s);
  });

  it("refuse trailing bytes, a third integer, negative or oversized integers and wrong lengths", () => {
    const good = toDerSignature(r + s);
    expect(compactOf(`${good}00`)).toBeNull();
    expect(compactOf(`3047${good.slice(4)}0200`)).toBeNull();
    expect(compactOf(`3044022080${"11".repeat(31)}0220${"22".repeat(32)}`)).toBeNull(); // r negative
    expect(compactOf(`30460222${"00".repeat(1)}01${"11".repeat(32)}0220${"22".repeat(32)}`)).toBeNull();
    expect(compactOf(`3045022000${"7f".repeat(31)}`)).toBeNull(); // s missing
    expect(compactOf("")).toBeNull();
  });
});
