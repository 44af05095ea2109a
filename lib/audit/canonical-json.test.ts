import { describe, expect, it } from "vitest";
import { canonicalJson } from "./hash";

/**
 * The audit chain hashes these bytes, and entries already written were hashed with the first
 * version of canonicalJson: the current one must build exactly the same string for every value.
 * This is that first version, kept as the reference.
 */
function firstVersion(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(firstVersion).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${firstVersion(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** A small seeded generator (mulberry32), so a failure names a seed that reproduces it. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Keys and strings that stress escaping and ordering: quotes, backslashes, control characters,
// line separators, astral characters (surrogate pairs sort by code unit, not code point),
// integer-like keys (which Object.keys lists first, in numeric order), the empty key, __proto__-like names.
const AWKWARD = [
  "",
  "a",
  "B",
  "b",
  "aa",
  "1",
  "10",
  "2",
  "-1",
  '"',
  "\\\\",
  "\n",
  "\u0000",
  "\u001f",
  "\u2028",
  "\u2029",
  "é",
  "e\u0301",
  "\uffff",
  "😀",
  "\ud83d",
  "\ude00",
  "constructor",
  "toString",
  "policyId",
  "outcome",
];

function value(next: () => number, depth: number): unknown {
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const kind = depth <= 0 ? Math.floor(next() * 6) : Math.floor(next() * 9);
  switch (kind) {
    case 0:
      return null;
    case 1:
      return next() < 0.5;
    case 2:
      return pick([
        0,
        -0,
        1,
        -1,
        1.5,
        1e21,
        1e-7,
        2 ** 53,
        Number.NaN,
        Number.POSITIVE_INFINITY,
        next() * 1e6,
      ]);
    case 3:
      return pick(AWKWARD) + pick(AWKWARD);
    case 4:
      return undefined;
    case 5:
      return pick([new Date(0), () => 1, Symbol("s")]);
    case 6:
    case 7: {
      const object: Record<string, unknown> = {};
      const size = Math.floor(next() * 6);
      for (let i = 0; i < size; i++)
        object[pick(AWKWARD) + (next() < 0.3 ? pick(AWKWARD) : "")] = value(next, depth - 1);
      return object;
    }
    default: {
      const array: unknown[] = Array.from({ length: Math.floor(next() * 5) }, () => value(next, depth - 1));
      if (next() < 0.1) array.length += 2; // holes
      return array;
    }
  }
}

describe("canonicalJson", () => {
  it("builds the first version's bytes for 20,000 random values", () => {
    for (let seed = 1; seed <= 20_000; seed++) {
      const sample = value(random(seed), 4);
      const expected = firstVersion(sample);
      if (canonicalJson(sample) !== expected) {
        expect({ seed, got: canonicalJson(sample) }).toEqual({ seed, got: expected });
      }
    }
  });

  it("sorts keys by UTF-16 code units at every level and leaves out undefined fields", () => {
    expect(
      canonicalJson({ b: 1, a: { d: [1, { z: undefined, y: "x" }], c: null }, "😀": 1, "\uffff": 2 }),
    ).toBe('{"a":{"c":null,"d":[1,{"y":"x"}]},"b":1,"😀":1,"\uffff":2}');
    expect(canonicalJson({ 10: "a", 2: "b", 1: "c" })).toBe('{"1":"c","10":"a","2":"b"}');
    expect(canonicalJson([undefined, 1, () => 2])).toBe("[,1,]");
    expect(canonicalJson({ at: new Date(0), nan: Number.NaN })).toBe('{"at":{},"nan":null}');
  });

  it("gives the same bytes for a key seen before and one seen for the first time", () => {
    const fresh = `k${Math.random()}`;
    expect(canonicalJson({ [fresh]: 1 })).toBe(canonicalJson({ [fresh]: 1 }));
    const long = "x".repeat(100);
    expect(canonicalJson({ [long]: '"' })).toBe(`{"${long}":"\\""}`);
  });
});
