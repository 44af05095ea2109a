import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  SMART_CONTRACT_INTERFACE_MAX_BYTES,
  utf8ByteLength,
  ZSmartContractInterfaceDefinition,
} from "@/lib/api/contracts";

describe("smartContractInterface size, counted in UTF-8 bytes", () => {
  it("utf8ByteLength agrees with Buffer.byteLength for any string, lone surrogates included", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: "binary" }), fc.string({ unit: "grapheme" })), (text) => {
        expect(utf8ByteLength(text)).toBe(Buffer.byteLength(text, "utf8"));
      }),
      { numRuns: 500 },
    );
    for (const text of ["", "a", "é", "€", "🔑", "\ud800", "\udc00x", "a\ud83d"]) {
      expect(utf8ByteLength(text), JSON.stringify(text)).toBe(Buffer.byteLength(text, "utf8"));
    }
  });

  it("accepts exactly 400,000 bytes and refuses one more, whatever the characters", () => {
    expect(SMART_CONTRACT_INTERFACE_MAX_BYTES).toBe(400_000);
    for (const [unit, bytes] of [
      ["x", 1],
      ["é", 2],
      ["€", 3],
      ["🔑", 4],
    ] as const) {
      const max = SMART_CONTRACT_INTERFACE_MAX_BYTES;
      const atLimit = unit.repeat(Math.floor(max / bytes)) + "x".repeat(max % bytes);
      expect(ZSmartContractInterfaceDefinition.safeParse(atLimit).success).toBe(true);
      const over = ZSmartContractInterfaceDefinition.safeParse(`${atLimit}x`);
      expect(over.success).toBe(false);
      expect(over.error?.issues[0]?.message).toBe(
        "must be at most 400000 bytes of UTF-8 (this one is 400001)",
      );
    }
  });

  it("refuses a lone surrogate, which could not be stored as sent", () => {
    const result = ZSmartContractInterfaceDefinition.safeParse('[{"type":"error","name":"E\ud800"}]');
    expect(result.error?.issues[0]?.message).toBe("must be well-formed Unicode (it has a lone surrogate)");
  });
});
