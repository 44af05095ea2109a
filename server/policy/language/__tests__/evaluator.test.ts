import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { PolicyValue } from "../../types";
import {
  checkPolicyExpression,
  DEFAULT_MAX_STEPS,
  evaluatePolicyExpression,
  PolicyEvaluationError,
  parsePolicyExpression,
} from "..";
import { thrown } from "./helpers";
import { ALICE, SAMPLE_SCHEMA, sampleContext } from "./sample-schema";

/** Checked first, as policies are at creation, then evaluated. */
function run(source: string, context: PolicyValue = sampleContext(), maxSteps?: number): boolean {
  const expression = parsePolicyExpression(source);
  checkPolicyExpression(expression, SAMPLE_SCHEMA, { expect: "bool" });
  return evaluatePolicyExpression(expression, context, maxSteps === undefined ? {} : { maxSteps });
}
const evaluationError = (source: string, context: PolicyValue = sampleContext(), maxSteps?: number) =>
  thrown(PolicyEvaluationError, () => run(source, context, maxSteps));
/** Without the type checker: what evaluation does with trees it was never meant to see. */
const unchecked = (source: string, context: PolicyValue = sampleContext()) =>
  thrown(PolicyEvaluationError, () => evaluatePolicyExpression(parsePolicyExpression(source), context));

describe("operators", () => {
  it.each([
    ["wallet.id == 'wallet-1'", true],
    ["wallet.id != 'wallet-1'", false],
    ["wallet.id == 'Wallet-1'", false],
    // Two 0x-hex strings compare without regard to case (checksummed addresses); others exactly.
    ["'0xAbCd' == '0xabcd'", true],
    ["'0xAbCd' != '0xABCD'", false],
    ["'0xabcd' in ['0x01', '0xABCD']", true],
    ["'0xabcg' == '0xABCG'", false],
    ["'Hello' == 'hello'", false],
    ["eth.tx.chain_id == 1", true],
    ["eth.tx.nonce != 7", false],
    ["wallet.exported == true", true],
    ["wallet.imported != false", false],
    ["eth.tx.nonce < 8 && eth.tx.nonce <= 7 && eth.tx.nonce > 6 && eth.tx.nonce >= 7", true],
    ["eth.tx.nonce < 7 || eth.tx.nonce > 7", false],
    ["-5 < eth.tx.value", true],
    [`${2n ** 256n - 1n} > ${2n ** 256n - 2n}`, true],
    [`${-(2n ** 127n)} < 0`, true],
    ["time.now == Timestamp('2026-03-15T12:00:00.000Z')", true],
    ["time.now >= Timestamp('2026-03-01T00:00:00Z') && time.now < Timestamp('2026-04-01T00:00:00Z')", true],
    ["time.now < Timestamp('2026-03-15T12:00:00Z')", false],
    ["activity.resource in ['AUTH', 'PRIVATE_KEY']", true],
    ["activity.resource in ['AUTH', 'OTP']", false],
    ["'user-alice' in activity.params.user_ids", true],
    ["eth.tx.nonce in [1, 2, 7]", true],
    ["wallet.id in []", false],
    ["!wallet.imported", true],
    ["!!wallet.imported", false],
    ["!wallet.imported == wallet.exported", true],
  ])("%s is %s", (source, expected) => {
    expect(run(source)).toBe(expected);
  });

  it("computes && and || as boolean and / or over every operand", () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 2, maxLength: 6 }), (values) => {
        const words = values.map(String);
        expect(run(words.join(" && "))).toBe(values.every(Boolean));
        expect(run(words.join(" || "))).toBe(values.some(Boolean));
      }),
    );
  });
});

describe("list functions", () => {
  it.each([
    ["approvers.any(user, user.id == 'user-alice')", true],
    ["approvers.any(user, user.id == 'user-carol')", false],
    ["approvers.all(user, user.tags.contains('ops'))", true],
    ["approvers.all(user, user.tags.contains('admin'))", false],
    ["approvers.filter(user, user.tags.contains('admin')).count() >= 2", false],
    ["approvers.filter(user, user.tags.contains('ops')).count() >= 2", true],
    ["approvers.filter(u, u.alias == 'Bob')[0].email == 'bob@example.com'", true],
    ["approvers.count() == 2 && solana.tx.transfers.count == 2", true],
    ["activity.params.user_ids.contains('user-alice') && !activity.params.user_ids.contains('x')", true],
    ["solana.tx.spl_transfers.any(t, true)", false],
    ["solana.tx.spl_transfers.all(t, false)", true],
    ["solana.tx.spl_transfers.filter(t, true).count() == 0", true],
    [
      "solana.tx.transfers.all(t, t.from == 'Alice111') && solana.tx.transfers.any(t, t.to == 'Carol333')",
      true,
    ],
    ["approvers.any(u, u.tags.any(t, t == 'admin') && u.id == 'user-alice')", true],
    ["approvers.any(wallet, wallet.id == 'user-bob') && wallet.id == 'wallet-1'", true],
    ["[1, 2, 3].filter(x, x > 1).count() == 2 && [[1], []][1].count() == 0", true],
  ])("%s is %s", (source, expected) => {
    expect(run(source)).toBe(expected);
  });
});

describe("indexing and slicing", () => {
  it.each([
    ["eth.tx.data[0..10] == '0x095ea7b3'", true],
    ["eth.tx.data[0..10] in ['0x095ea7b3', '0x6e553f65']", true],
    ["eth.tx.data[..2] == '0x' && eth.tx.data[70..] == 'dead' && eth.tx.data[..] == eth.tx.data", true],
    ["eth.tx.data[0] == '0' && eth.tx.data[1] == 'x'", true],
    ["eth.tx.data[3..3] == ''", true],
    ["solana.tx.transfers[1].to == 'Carol333'", true],
    ["solana.tx.transfers[1..].count() == 1 && solana.tx.transfers[1..][0].amount == 7", true],
    ["solana.tx.transfers[0..0].count() == 0 && solana.tx.transfers[2..2].count() == 0", true],
    ["solana.tx.instructions[0].accounts[0].account_key == 'Alice111'", true],
    ["[10, 20, 30][2] == 30 && 'abc'[1..] == 'bc'", true],
  ])("%s is %s", (source, expected) => {
    expect(run(source)).toBe(expected);
  });

  it("indexes and slices strings by code point", () => {
    const context = sampleContext({ wallet: { id: "😀é!", imported: false, exported: false, label: "" } });
    expect(run("wallet.id[0] == '😀' && wallet.id[1] == 'é' && wallet.id[1..] == 'é!'", context)).toBe(true);
    expect(evaluationError("wallet.id[3] == '!'", context).message).toMatch(
      /index 3 is out of range for wallet.id \(length 3\)/,
    );
  });

  it.each([
    ["solana.tx.transfers[2].to == 'x'", 19, "index 2 is out of range for solana.tx.transfers (length 2)"],
    ["solana.tx.transfers[-1].to == 'x'", 19, "index -1 is out of range"],
    [
      "solana.tx.spl_transfers[0].to == 'x'",
      23,
      "index 0 is out of range for solana.tx.spl_transfers (length 0)",
    ],
    ["eth.tx.data[0..100] == 'x'", 11, "slice [0..100] is out of range for eth.tx.data (length 74)"],
    ["eth.tx.data[5..4] == 'x'", 11, "slice [5..4] is out of range"],
    ["eth.tx.data[-1..] == 'x'", 11, "slice [-1..74] is out of range"],
    ["solana.tx.transfers[3..].count() == 0", 19, "slice [3..2] is out of range"],
  ])("%s fails at offset %i: %s", (source, position, message) => {
    const error = evaluationError(source);
    expect(error.message).toContain(message);
    expect(error.position).toBe(position);
  });
});

describe("dynamic values (decoded contract arguments)", () => {
  it.each([
    ["eth.tx.contract_call_args['amount'] < 2000000 && eth.tx.contract_call_args.amount > 0", true],
    ["eth.tx.contract_call_args['spender'] == '0x000000000000000000000000000000000000dead'", true],
    ["eth.tx.contract_call_args['calls'].count() <= 2", true],
    [
      "eth.tx.contract_call_args['calls'].all(call, call[0] == '0x2222222222222222222222222222222222222222')",
      true,
    ],
    ["eth.tx.contract_call_args['calls'].all(call, call[1] == 0)", false],
    ["eth.tx.contract_call_args['calls'].any(call, call[1] == 5)", true],
    [
      "eth.tx.contract_call_args['nested']['inner']['flag'] && eth.tx.contract_call_args.nested.inner.flag",
      true,
    ],
  ])("%s is %s", (source, expected) => {
    expect(run(source)).toBe(expected);
  });

  it.each([
    ["eth.tx.contract_call_args['spender'] == 1", "cannot compare a string with an int using '=='"],
    ["eth.tx.contract_call_args['spender'] < 1", "cannot order a string and an int with '<'"],
    ["eth.tx.contract_call_args['missing'] == 1", "eth.tx.contract_call_args has no field 'missing' here"],
    [
      "eth.tx.contract_call_args['calls'][0]['target'] == 'x'",
      "an index must be an int, but 'target' is a string",
    ],
    ["eth.tx.contract_call_args['amount']", "evaluated to an int, not a bool"],
    [
      "eth.tx.contract_call_args['calls'].all(c, c)",
      "the predicate of all() must be a bool, but c is a list",
    ],
    [
      "eth.tx.contract_call_args['amount'].count() == 1",
      "count() applies to lists, but eth.tx.contract_call_args['amount'] is an int",
    ],
  ])("%s fails: %s", (source, message) => {
    expect(evaluationError(source).message).toContain(message);
  });
});

describe("no short-circuit", () => {
  const withoutEth = sampleContext({ eth: undefined });

  it("errors when either side of || errors, even if the other is true", () => {
    const error = evaluationError("activity.kind == 'SIGN_TRANSACTION' || eth.tx.to == '0xabc'", withoutEth);
    expect(error.message).toBe("at 1:40: 'eth' has no value for this activity");
    expect(evaluationError("eth.tx.to == '0xabc' || true", withoutEth).position).toBe(0);
  });

  it("errors when either side of && errors, even if the other is false", () => {
    expect(evaluationError("false && eth.tx.to == '0xabc'", withoutEth).position).toBe(9);
    expect(evaluationError("wallet.id == 'nope' && eth.tx.to == '0xabc'", withoutEth).position).toBe(23);
  });

  it("is the documented wallet-or-private-key trap: one of the two keywords is always absent", () => {
    const context = sampleContext({ wallet: undefined });
    expect(
      evaluationError("wallet.id == 'w' || activity.kind == 'SIGN_TRANSACTION'", context).message,
    ).toMatch(/'wallet' has no value/);
  });

  it("evaluates the predicate for every item: any() does not stop at the first match", () => {
    const context = sampleContext({
      approvers: [
        { id: ALICE, tags: [], email: "alice@example.com", alias: "Alice" },
        { id: "user-nomail", tags: [], alias: "No mail" },
      ],
    });
    expect(
      evaluationError("approvers.any(u, u.id == 'user-alice' || u.email == 'x')", context).message,
    ).toMatch(/u.email is absent: u has no field 'email' here/);
  });

  it("compares every item for in / contains(), so a mismatched item is an error even after a match", () => {
    const source = "'0x2222222222222222222222222222222222222222' in eth.tx.contract_call_args['calls'][0]";
    expect(evaluationError(source).message).toMatch(/cannot compare a string with an int using 'in'/);
  });
});

describe("missing fields and bad contexts", () => {
  it("names an absent keyword", () => {
    const error = evaluationError("wallet.id == 'w'", sampleContext({ wallet: undefined }));
    expect(error.message).toBe("at 1:1: 'wallet' has no value for this activity");
  });

  it("names an absent field with the path that reached it", () => {
    const context = sampleContext();
    const eth = context as { eth: { tx: Record<string, PolicyValue> } };
    delete eth.eth.tx.function_name;
    const error = evaluationError("eth.tx.function_name == 'approve'", context);
    expect(error.message).toBe(
      "at 1:8: eth.tx.function_name is absent: eth.tx has no field 'function_name' here",
    );
    expect([error.position, error.line, error.column]).toEqual([7, 1, 8]);
  });

  it("refuses values that are not policy values instead of misreading them", () => {
    const withNumber = { eth: { tx: { value: 5 } } } as unknown as PolicyValue;
    expect(unchecked("eth.tx.value == 5", withNumber).message).toMatch(
      /cannot compare a JavaScript number with an int/,
    );
    expect(unchecked("eth.tx.value < 6", withNumber).message).toMatch(
      /cannot order a JavaScript number and an int/,
    );
    const withNull = { wallet: null } as unknown as PolicyValue;
    expect(unchecked("wallet.id == 'x'", withNull).message).toMatch(
      /wallet is null, which has no field 'id'/,
    );
    const withClass = { wallet: new Map([["id", "x"]]) } as unknown as PolicyValue;
    expect(unchecked("wallet.id == 'x'", withClass).message).toMatch(/not a policy value/);
    const withBadDate = { time: { now: new Date(Number.NaN) } };
    expect(unchecked("time.now < Timestamp('2026-01-01T00:00:00Z')", withBadDate).message).toMatch(
      /cannot order/,
    );
  });

  it("never reads prototype members and turns a throwing getter into an evaluation error", () => {
    expect(unchecked("activity.constructor == 'x'").message).toMatch(/activity has no field 'constructor'/);
    expect(unchecked("toString == 'x'").message).toMatch(/'toString' has no value/);
    const hostile = {
      get wallet(): PolicyValue {
        throw new TypeError("boom");
      },
    };
    const error = unchecked("wallet.id == 'x'", hostile);
    expect(error.message).toBe("at 1:1: evaluation failed: boom");
    expect(error.cause).toBeInstanceOf(TypeError);
    expect(unchecked("true", [] as PolicyValue).message).toMatch(/the context is not a struct/);
  });

  it("reports results and operands of the wrong type in trees that skipped the checker", () => {
    expect(unchecked("wallet.id").message).toBe("at 1:1: wallet.id evaluated to a string, not a bool");
    expect(unchecked("!wallet.id").message).toMatch(
      /the operand of '!' must be a bool, but wallet.id is a string/,
    );
    expect(unchecked("wallet.id.size() == 1").message).toMatch(/size\(\) applies to lists/);
    expect(unchecked("approvers.size() == 1").message).toMatch(
      /size\(\) with 0 arguments is not a list method/,
    );
    expect(unchecked("approvers.any('u', true)").message).toMatch(/any\(\) needs a variable name first/);
    expect(unchecked("Now() == 1").message).toMatch(/Now\(\) with 0 arguments is not a function/);
    expect(unchecked("Timestamp('nope') == time.now").message).toMatch(
      /Timestamp\('nope'\): expected an RFC 3339/,
    );
    expect(unchecked("approvers == approvers").message).toMatch(/cannot compare a list with a list/);
  });
});

describe("step budget", () => {
  const keys = (count: number) =>
    sampleContext({
      solana: {
        tx: {
          account_keys: Array.from({ length: count }, (_, i) => `key-${i}`),
          program_keys: [],
          instructions: [],
          transfers: [],
          spl_transfers: [],
        },
      },
    });

  it(`stops after ${DEFAULT_MAX_STEPS} steps by default, with an evaluation error`, () => {
    const context = keys(200_000);
    const error = evaluationError("solana.tx.account_keys.any(k, k == 'key-5')", context);
    expect(error.message).toBe(`at 1:24: evaluation exceeded its budget of ${DEFAULT_MAX_STEPS} steps`);
    expect(evaluationError("'nope' in solana.tx.account_keys", context).message).toMatch(
      /exceeded its budget/,
    );
  });

  it("counts nested iteration, so quadratic predicates are bounded too", () => {
    const error = evaluationError(
      "solana.tx.account_keys.all(a, solana.tx.account_keys.any(b, a == b))",
      keys(1_000),
    );
    expect(error.message).toMatch(/exceeded its budget/);
  });

  it("is configurable", () => {
    expect(run("solana.tx.account_keys.any(k, k == 'key-5')", keys(200_000), 2_000_000)).toBe(true);
    expect(evaluationError("approvers.any(u, u.id == 'x')", sampleContext(), 5).message).toMatch(
      /exceeded its budget of 5 steps/,
    );
    expect(run("approvers.count() == 2", sampleContext(), 5)).toBe(true);
  });
});
