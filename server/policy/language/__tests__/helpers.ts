import { expect } from "vitest";
import { parsePolicyExpression, withoutPositions } from "..";

/** The tree of `source`, positions removed: what two parses are compared by. */
export const shape = (source: string) => withoutPositions(parsePolicyExpression(source));

/** Runs `action`, asserts it throws an instance of `type`, and returns that error. */
export function thrown<E extends Error>(
  type: abstract new (...args: never[]) => E,
  action: () => unknown,
): E {
  let caught: unknown;
  try {
    action();
  } catch (error) {
    caught = error;
  }
  expect(caught, "expected an error to be thrown").toBeInstanceOf(type);
  return caught as E;
}

/** Shapes of nodes, positions left out, for readable expectations. */
export const n = {
  bool: (value: boolean) => ({ kind: "bool", value }),
  int: (value: bigint) => ({ kind: "int", value }),
  str: (value: string) => ({ kind: "string", value }),
  list: (...items: unknown[]) => ({ kind: "list", items }),
  id: (name: string) => ({ kind: "identifier", name }),
  member: (target: unknown, name: string) => ({ kind: "member", target, name }),
  index: (target: unknown, index: unknown) => ({ kind: "index", target, index }),
  slice: (target: unknown, start: unknown, end: unknown) => ({ kind: "slice", target, start, end }),
  not: (operand: unknown) => ({ kind: "not", operand }),
  and: (...operands: unknown[]) => ({ kind: "logical", operator: "&&", operands }),
  or: (...operands: unknown[]) => ({ kind: "logical", operator: "||", operands }),
  cmp: (operator: string, left: unknown, right: unknown) => ({ kind: "compare", operator, left, right }),
  method: (target: unknown, name: string, ...args: unknown[]) => ({ kind: "method", target, name, args }),
  call: (name: string, ...args: unknown[]) => ({ kind: "call", name, args }),
};
