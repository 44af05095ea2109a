import { describe, expect, it } from "vitest";
import { T } from "../../types";
import { conformanceProblems, conformsTo } from "../conforms";
import { CONDITION_SCHEMA } from "../schema";

const ITEM = T.struct("Item", { id: T.string, amount: T.int, tags: T.list(T.string) });
const OPEN = T.struct("Open", { name: T.string }, T.dynamic);

describe("conformsTo: the checker the context tests rely on", () => {
  it("accepts a value of the type, with absent fields", () => {
    expect(conformanceProblems({ id: "a", amount: 1n, tags: ["x"] }, ITEM)).toEqual([]);
    expect(conformanceProblems({ id: "a" }, ITEM)).toEqual([]);
    expect(conformsTo({ created: new Date(0) }, T.struct("S", { created: T.timestamp }))).toBe(true);
  });

  it("names each mismatch by its path", () => {
    expect(conformanceProblems({ id: 1, amount: 1, tags: ["x", 2n] }, ITEM)).toEqual([
      "$.id: expected string, got number 1",
      "$.amount: expected int (bigint), got number 1",
      "$.tags[1]: expected string, got bigint 2",
    ]);
    expect(conformanceProblems({ id: "a", extra: true }, ITEM)).toEqual([
      "$.extra: struct Item has no field extra",
    ]);
    expect(conformanceProblems(["a"], ITEM)).toEqual(["$: expected struct Item, got a list"]);
    expect(conformanceProblems("a", T.list(T.string))).toEqual(['$: expected list, got string "a"']);
    expect(conformanceProblems(1n, T.bool)).toEqual(["$: expected bool, got bigint 1"]);
  });

  it("lets open structs hold any policy value under other names, but not numbers or null", () => {
    expect(
      conformanceProblems({ name: "n", wad: 5n, calls: [["0xab", 1n]], nested: { ok: true } }, OPEN),
    ).toEqual([]);
    expect(conformanceProblems({ wad: 5 }, OPEN)).toEqual(["$.wad: number 5 is not a policy value"]);
    expect(conformanceProblems({ list: [null] }, OPEN)).toEqual(["$.list[0]: null is not a policy value"]);
    expect(conformanceProblems({ name: 5n }, OPEN)).toEqual(["$.name: expected string, got bigint 5"]);
  });

  it("catches a context that strays from the condition schema", () => {
    expect(conformanceProblems({ eth: { tx: { value: 1 } } }, CONDITION_SCHEMA)).toEqual([
      "$.eth.tx.value: expected int (bigint), got number 1",
    ]);
    expect(conformanceProblems({ credentials: [] }, CONDITION_SCHEMA)).toEqual([
      "$.credentials: struct Condition has no field credentials",
    ]);
  });
});
