import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { PolicyType } from "../../types";
import {
  checkPolicyExpression,
  evaluatePolicyExpression,
  parsePolicyExpression,
  printPolicyExpression,
  withoutPositions,
} from "..";
import { conformingValue, ExpressionGenerator } from "./generators";
import { SAMPLE_SCHEMA } from "./sample-schema";

const generator = new ExpressionGenerator(SAMPLE_SCHEMA as Extract<PolicyType, { kind: "struct" }>);
const expressions = fc.gen().map((g) => generator.bool(g));
const contexts = conformingValue(SAMPLE_SCHEMA);

describe("well-typed expressions over the sample schema", () => {
  it("print, parse back to the same tree, and type-check", () => {
    fc.assert(
      fc.property(expressions, (expression) => {
        const source = printPolicyExpression(expression);
        const reparsed = parsePolicyExpression(source);
        expect(withoutPositions(reparsed)).toEqual(withoutPositions(expression));
        expect(printPolicyExpression(reparsed)).toBe(source);
        checkPolicyExpression(reparsed, SAMPLE_SCHEMA, { expect: "bool" });
      }),
      { numRuns: 300 },
    );
  });

  it("evaluate to a bool against any fully populated context, never throwing", () => {
    // The generators keep every read inside the context (see generators.ts), so no evaluation
    // error is legitimate here; the step budget is raised only so that it cannot be the cause.
    fc.assert(
      fc.property(expressions, contexts, (expression, context) => {
        const tree = parsePolicyExpression(printPolicyExpression(expression));
        expect(typeof evaluatePolicyExpression(tree, context, { maxSteps: 10_000_000 })).toBe("boolean");
      }),
      { numRuns: 300 },
    );
  });

  it("agree with ! and with the De Morgan laws", () => {
    fc.assert(
      fc.property(expressions, expressions, contexts, (a, b, context) => {
        const value = (source: string) =>
          evaluatePolicyExpression(parsePolicyExpression(source), context, { maxSteps: 10_000_000 });
        const [pa, pb] = [a, b].map(printPolicyExpression);
        expect(value(`!(${pa})`)).toBe(!value(pa!));
        expect(value(`!((${pa}) && (${pb}))`)).toBe(value(`!(${pa}) || !(${pb})`));
      }),
      { numRuns: 100 },
    );
  });
});
