import { describe, expect, it } from "vitest";
import { parsePolicyExpression, printPolicyExpression, withoutPositions } from "..";

const print = (source: string) => printPolicyExpression(parsePolicyExpression(source));
const roundTrips = (source: string) => {
  const tree = parsePolicyExpression(source);
  expect(withoutPositions(parsePolicyExpression(printPolicyExpression(tree)))).toEqual(
    withoutPositions(tree),
  );
};

/** Examples from Turnkey's policy documentation, already in canonical form. */
const DOC_EXAMPLES = [
  "approvers.any(user, user.id == '<ID>')",
  "approvers.filter(user, user.tags.contains('<TAG>')).count() >= 2",
  "activity.resource == 'WALLET' && activity.action == 'CREATE'",
  "solana.tx.transfers.all(t, t.to == '<ADDR>')",
  "eth.tx.to == '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48' && eth.tx.data[0..10] in ['0x095ea7b3', '0x6e553f65']",
  "activity.type == 'ACTIVITY_TYPE_DELETE_USERS' && activity.params.user_ids.count() == 1 && '<USER_ID>' in activity.params.user_ids",
  "activity.resource in ['AUTH', 'OTP'] && activity.action in ['CREATE', 'VERIFY']",
  "eth.tx.contract_call_args['wad'] < 1000000000000000000 && eth.tx.contract_call_args['dst'] == '0x08d2b0a37F869FF76BACB5Bab3278E26ab7067B7'",
  "eth.tx.function_name == 'executeBatch' && eth.tx.contract_call_args['calls'].all(call, call[0] == '<CONTRACT_ADDRESS>' && call[1] == 0)",
  "eth.eip_712.message['permitted'][0]['token'] == '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'",
  "solana.tx.instructions[0].accounts[0].account_key == '<ADDRESS>'",
  "solana.tx.transfers.count == 1 && solana.tx.transfers[0].to == '<RECIPIENT_ADDRESS>'",
  "solana.tx.spl_transfers.all(transfer, transfer.signers.any(s, s == '<SIGNER_ADDRESS>'))",
  "time.now >= Timestamp('2026-03-01T00:00:00Z') && time.now < Timestamp('2026-04-01T00:00:00Z')",
  "CronSpan('0 9 * * 1-5', '8h', 'America/New_York') && time.now < Timestamp('2026-01-01T00:00:00Z')",
  "tempo.tx.calls[0].input[34..74] == '<HEX>'",
];

describe("printPolicyExpression", () => {
  it.each(DOC_EXAMPLES)("prints the documented %s exactly as written", (source) => {
    expect(print(source)).toBe(source);
    roundTrips(source);
  });

  it.each([
    ["(a)", "a"],
    ["a&&b||c", "a && b || c"],
    ["[1,2 ,3]", "[1, 2, 3]"],
    ["!(a)", "!a"],
    ["! ( a == b )", "!(a == b)"],
    ["(!a) == b", "!a == b"],
    ["x [ 0 .. ]", "x[0..]"],
    ["x[..]", "x[..]"],
    ["f( 'a' ,'b' )", "f('a', 'b')"],
    ["(a.b).c", "a.b.c"],
    ["007 == -0", "7 == 0"],
    ["'it\\'s' != '\\\\'", "'it\\'s' != '\\\\'"],
    ["'line\nbreak'", "'line\nbreak'"],
  ])("prints %j canonically as %j", (source, canonical) => {
    expect(print(source)).toBe(canonical);
    expect(print(canonical)).toBe(canonical);
  });

  it.each([
    "a && (b && c)",
    "(a || b) || c",
    "a || (b || c)",
    "(a || b) && c",
    "!(a && b)",
    "!(a in b)",
    "(a == b) == c",
    "a == (b == c)",
    "(a || b).c",
    "(a == b)[0]",
    "(!a).b",
    "[a || b, !(c && d)].any(v, !v)",
  ])("keeps the parentheses %s needs", (source) => {
    expect(print(source)).toBe(source);
    roundTrips(source);
  });
});
