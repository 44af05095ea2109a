import { describe, expect, it } from "vitest";
import { parseDisplayAmount } from "./amounts";

describe("amounts typed in display units become exact base units", () => {
  it("reads whole numbers, fractions and a leading point exactly", () => {
    expect(parseDisplayAmount("1", 18)).toEqual({ units: 10n ** 18n });
    expect(parseDisplayAmount(" 0.25 ", 18)).toEqual({ units: 25n * 10n ** 16n });
    expect(parseDisplayAmount(".5", 9)).toEqual({ units: 500_000_000n });
    // One wei, and a number a float would round.
    expect(parseDisplayAmount("0.000000000000000001", 18)).toEqual({ units: 1n });
    expect(parseDisplayAmount("123456789.123456789123456789", 18)).toEqual({
      units: 123456789123456789123456789n,
    });
  });

  it("refuses more decimals than the asset has instead of rounding", () => {
    expect(parseDisplayAmount("0.0000000000000000001", 18)).toEqual({
      problem: "must have at most 18 decimals",
    });
    expect(parseDisplayAmount("1.0000001", 6)).toEqual({ problem: "must have at most 6 decimals" });
  });

  it("refuses zero, negatives and text that is not a plain decimal number", () => {
    expect(parseDisplayAmount("0", 18)).toEqual({ problem: "must be more than 0" });
    expect(parseDisplayAmount("0.000", 18)).toEqual({ problem: "must be more than 0" });
    for (const text of ["", " ", ".", "-1", "1e18", "0x10", "1,5", "1.2.3", "abc"]) {
      expect(parseDisplayAmount(text, 18), text).toEqual({ problem: "must be a number, such as 0.5" });
    }
  });
});
