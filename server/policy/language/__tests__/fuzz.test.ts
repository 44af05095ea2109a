import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  checkPolicyExpression,
  type Expression,
  evaluatePolicyExpression,
  MAX_SOURCE_LENGTH,
  PolicyEvaluationError,
  PolicySyntaxError,
  PolicyTypeError,
  parsePolicyExpression,
  printPolicyExpression,
  withoutPositions,
} from "..";
import { SAMPLE_SCHEMA, sampleContext } from "./sample-schema";

/**
 * Whatever the input, the parser returns a tree or throws PolicySyntaxError; what it returns
 * prints and parses back to itself, type-checks or throws PolicyTypeError, and evaluates to a bool
 * or throws PolicyEvaluationError. Termination is bounded by the length and nesting limits (the
 * runner would report a hang as a test timeout; nothing here measures time).
 */
function parseOrSyntaxError(source: string): Expression | undefined {
  try {
    return parsePolicyExpression(source);
  } catch (error) {
    expect(error).toBeInstanceOf(PolicySyntaxError);
    const e = error as PolicySyntaxError;
    expect(e.position).toBeGreaterThanOrEqual(0);
    expect(e.position).toBeLessThanOrEqual(Math.min(source.length, MAX_SOURCE_LENGTH));
    expect(e.line).toBeGreaterThanOrEqual(1);
    expect(e.column).toBeGreaterThanOrEqual(1);
    expect(e.expected.length).toBeGreaterThan(0);
    expect(e.message).toMatch(/^at \d+:\d+: /);
    return undefined;
  }
}

function everythingAfterParsing(tree: Expression): void {
  expect(withoutPositions(parsePolicyExpression(printPolicyExpression(tree)))).toEqual(
    withoutPositions(tree),
  );
  try {
    checkPolicyExpression(tree, SAMPLE_SCHEMA, { expect: "bool" });
  } catch (error) {
    expect(error).toBeInstanceOf(PolicyTypeError);
  }
  try {
    expect(typeof evaluatePolicyExpression(tree, sampleContext())).toBe("boolean");
  } catch (error) {
    expect(error).toBeInstanceOf(PolicyEvaluationError);
  }
}

const TOKENS = [
  "approvers",
  "activity",
  "eth",
  "tx",
  "to",
  "data",
  "wallet",
  "id",
  "solana",
  "transfers",
  "time",
  "now",
  "u",
  "t",
  "any",
  "all",
  "filter",
  "count",
  "contains",
  "Timestamp",
  "CronSpan",
  "true",
  "false",
  "in",
  "0",
  "1",
  "10",
  "-1",
  "99999999999999999999999999999999999999999",
  "'x'",
  "'0x095ea7b3'",
  "'it\\'s'",
  "''",
  "'2026-03-01T00:00:00Z'",
  "'0 9 * * 1-5'",
  "'8h'",
  "'UTC'",
  "&&",
  "||",
  "==",
  "!=",
  "<",
  "<=",
  ">",
  ">=",
  "!",
  "(",
  ")",
  "[",
  "]",
  ",",
  ".",
  "..",
  "'",
  "\\",
  "&",
  "|",
  "=",
  "-",
  "#",
  '"',
  "\n",
  "😀",
];
const tokenSoup = (separator: fc.Arbitrary<string>) =>
  fc
    .tuple(fc.array(fc.constantFrom(...TOKENS), { maxLength: 40 }), separator)
    .map(([tokens, sep]) => tokens.join(sep));

const DOC_EXAMPLES = [
  "approvers.any(user, user.id == 'user-alice')",
  "approvers.filter(user, user.tags.contains('ops')).count() >= 2",
  "activity.resource == 'WALLET' && activity.action == 'CREATE'",
  "solana.tx.transfers.all(t, t.to == 'Bob222')",
  "eth.tx.to == '0xabc' && eth.tx.data[0..10] in ['0x095ea7b3', '0x6e553f65']",
  "eth.tx.contract_call_args['calls'].all(call, call[0] == '0x2' && call[1] == 0)",
  "time.now < Timestamp('2026-04-01T00:00:00Z') && CronSpan('0 9 * * 1-5', '8h', 'America/New_York')",
];
/** A documented example with a few characters deleted, replaced or inserted. */
const mutant = fc
  .tuple(
    fc.constantFrom(...DOC_EXAMPLES),
    fc.array(fc.tuple(fc.nat(), fc.nat({ max: 2 }), fc.constantFrom(...TOKENS, " ", "x")), {
      minLength: 1,
      maxLength: 4,
    }),
  )
  .map(([source, edits]) =>
    edits.reduce((text, [at, length, insert]) => {
      const i = at % (text.length + 1);
      return text.slice(0, i) + insert + text.slice(i + length);
    }, source),
  );

describe("fuzzing", () => {
  it("random strings: a tree or a PolicySyntaxError", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ maxLength: 60 }), fc.string({ unit: "binary", maxLength: 60 })),
        (source) => {
          const tree = parseOrSyntaxError(source);
          if (tree) everythingAfterParsing(tree);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("token soups: a tree or a PolicySyntaxError, and any tree survives the checker and evaluator", () => {
    fc.assert(
      fc.property(tokenSoup(fc.constantFrom(" ", "", "  \n")), (source) => {
        const tree = parseOrSyntaxError(source);
        if (tree) everythingAfterParsing(tree);
      }),
      { numRuns: 2000 },
    );
  });

  it("mutated documentation examples: a tree or a PolicySyntaxError, and any tree survives the rest", () => {
    fc.assert(
      fc.property(mutant, (source) => {
        const tree = parseOrSyntaxError(source);
        if (tree) everythingAfterParsing(tree);
      }),
      { numRuns: 2000 },
    );
  });

  it("huge and deeply nested inputs end in a PolicySyntaxError", () => {
    const nested = fc
      .tuple(fc.constantFrom("(", "!", "[", "a.any(v, ", "x[", "-"), fc.integer({ min: 65, max: 20_000 }))
      .map(([open, count]) => open.repeat(count));
    fc.assert(
      fc.property(
        fc.oneof(
          nested,
          tokenSoup(fc.constant("")).map((s) => s.repeat(400)),
        ),
        (source) => {
          parseOrSyntaxError(source);
        },
      ),
      { numRuns: 100 },
    );
  });
});
