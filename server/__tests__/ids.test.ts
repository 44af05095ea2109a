import { describe, expect, it } from "vitest";
import { newId, UUID_PATTERN } from "../ids";

/** The timestamp (ms), sequence and random tail of a UUIDv7 as newId writes it. */
function parts(id: string) {
  const hex = id.replaceAll("-", "");
  return {
    ms: Number.parseInt(hex.slice(0, 12), 16),
    version: hex[12],
    sequence: Number.parseInt(hex.slice(13, 16), 16),
    variant: Number.parseInt(hex[16]!, 16) >> 2,
    random: hex.slice(17),
  };
}

describe("newId", () => {
  // The id clock is one per process, and test files share a process (vitest.config.ts): another
  // file's fixed clock may have moved it past now. These tests start just past wherever it stands,
  // and move it by milliseconds only.
  const pastTheClock = (ms: number) => parts(newId()).ms + ms;

  it("writes a UUIDv7: the millisecond, version 7, variant 10", () => {
    const at = pastTheClock(1_000);
    const id = newId(at);
    expect(id).toMatch(UUID_PATTERN);
    const { ms, version, variant } = parts(id);
    expect(ms).toBe(at);
    expect(version).toBe("7");
    expect(variant).toBe(0b10);
  });

  it("keeps increasing within one millisecond and when the clock steps back", () => {
    const base = pastTheClock(10);
    const ids = [
      ...Array.from({ length: 600 }, () => newId(base)),
      newId(base - 5_000),
      ...Array.from({ length: 10 }, () => newId(base + 1)),
    ];
    const sorted = [...ids].sort();
    expect(sorted).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("draws fresh random bits for every id, across many pages of the pool", () => {
    const tails = Array.from({ length: 5_000 }, () => parts(newId()).random);
    // 60 random bits each: a repeat would mean a page of the pool was handed out twice.
    expect(new Set(tails).size).toBe(tails.length);
    // And the bits look random: each hex digit of the tail takes many values across the ids.
    for (let position = 1; position < 15; position++) {
      expect(new Set(tails.map((tail) => tail[position])).size).toBe(16);
    }
  });
});
