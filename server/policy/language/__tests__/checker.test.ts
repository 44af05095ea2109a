import { describe, expect, it } from "vitest";
import { T } from "../../types";
import { checkPolicyExpression, PolicyTypeError, parsePolicyExpression } from "..";
import { thrown } from "./helpers";
import { SAMPLE_SCHEMA } from "./sample-schema";

const check = (source: string, root = SAMPLE_SCHEMA) =>
  checkPolicyExpression(parsePolicyExpression(source), root, { expect: "bool" });
const typeError = (source: string, root = SAMPLE_SCHEMA) =>
  thrown(PolicyTypeError, () => check(source, root));

describe("well-typed expressions", () => {
  it.each([
    "approvers.any(user, user.id == '<ID>')",
    "approvers.filter(user, user.tags.contains('<TAG>')).count() >= 2",
    "activity.resource == 'WALLET' && activity.action == 'CREATE'",
    "activity.resource in ['AUTH', 'OTP'] && activity.action in ['CREATE', 'VERIFY']",
    "activity.params.user_ids.count() == 1 && '<USER_ID>' in activity.params.user_ids",
    "credentials.any(credential, credential.type == 'CREDENTIAL_TYPE_WEBAUTHN_AUTHENTICATOR')",
    "solana.tx.transfers.all(t, t.to == '<ADDR>')",
    "solana.tx.spl_transfers.all(transfer, transfer.signers.any(s, s == '<SIGNER>'))",
    "solana.tx.instructions[0].accounts[0].account_key == '<ADDRESS>'",
    "solana.tx.instructions.count() == solana.tx.spl_transfers.count()",
    "solana.tx.transfers.count == 1 && solana.tx.transfers[0].to == '<RECIPIENT>'",
    "eth.tx.to == '0xabc' && eth.tx.data[0..10] in ['0x095ea7b3', '0x6e553f65']",
    "eth.tx.value <= 1000000000000000000 && eth.tx.chain_id != 1 && eth.tx.nonce > -1",
    "wallet.imported == false && !wallet.exported",
    "wallet.label[0] == 'T' && wallet.label[..3] != 'abc' && solana.tx.account_keys[1..].count() > 0",
    "wallet.id in []",
    "[1, 2, 3][0] == 1 && [[1], []].count() == 2",
    "time.now >= Timestamp('2026-03-01T00:00:00Z') && time.now < Timestamp('2026-04-01T00:00:00.5-00:00')",
    "CronSpan('0 9 * * 1-5', '8h', 'America/New_York') || !CronSpan('0 22 * * *', '1d12h', 'UTC')",
  ])("accepts %s", (source) => {
    expect(() => check(source)).not.toThrow();
  });

  it("accepts any field of an open struct and leaves dynamic values to evaluation", () => {
    for (const source of [
      "eth.tx.contract_call_args['wad'] < 1000 && eth.tx.contract_call_args['dst'] == '0xabc'",
      "eth.tx.contract_call_args.wad == 1",
      "eth.tx.contract_call_args['calls'].all(call, call[0] == '0xabc' && call[1] == 0)",
      "eth.tx.contract_call_args['calls'].count() <= 2",
      "eth.tx.contract_call_args['recipients'].all(a, a in ['0x1', '0x2'])",
      "eth.tx.contract_call_args['m']['inner'][0]['x'] == true",
      "eth.tx.contract_call_args['flag']",
      "eth.tx.contract_call_args['s'][2..4] == 'ab'",
    ]) {
      expect(() => check(source), source).not.toThrow();
    }
  });
});

describe("unknown names", () => {
  it("names an unknown keyword, where it is, and the valid ones", () => {
    const error = typeError("activity.kind == 'X' && walet.id == 'w'");
    expect([error.position, error.line, error.column]).toEqual([24, 1, 25]);
    expect(error.message).toBe(
      "at 1:25: unknown keyword 'walet'; valid here: activity, approvers, credentials, eth, solana, time, wallet",
    );
  });

  it("names an unknown field, its struct and the valid fields", () => {
    const error = typeError("eth.tx.tos == '0xabc'");
    expect(error.position).toBe(7);
    expect(error.message).toBe(
      "at 1:8: eth.tx (EthereumTransaction) has no field 'tos'; valid fields: chain_id, contract_call_args, data, from, function_name, nonce, to, value",
    );
  });

  it("checks a field written as an index like one written after a dot", () => {
    expect(typeError("wallet['nme'] == 'x'").message).toMatch(/at 1:8: wallet \(Wallet\) has no field 'nme'/);
    expect(typeError("wallet[wallet.id] == 'x'").message).toMatch(/index it with a field name in quotes/);
  });

  it("does not mistake Object.prototype members for fields", () => {
    for (const name of ["constructor", "__proto__", "toString", "hasOwnProperty"]) {
      expect(typeError(`activity.${name} == 'x'`).message).toMatch(`has no field '${name}'`);
      expect(typeError(`${name} == 'x'`).message).toMatch(`unknown keyword '${name}'`);
    }
  });

  it("refuses fields of lists and scalars, hinting at methods", () => {
    expect(typeError("approvers.id == 'x'").message).toMatch(
      /approvers is a list<User>, which has no field 'id'/,
    );
    expect(typeError("approvers.any == 'x'").message).toMatch(/call it as any\(…\)/);
    expect(typeError("wallet.id.length == 1").message).toMatch(
      /wallet.id is a string, which has no field 'length'/,
    );
  });

  it("refuses unknown methods and functions, listing the real ones", () => {
    expect(typeError("approvers.size() == 1").message).toBe(
      "at 1:11: unknown method 'size'; the methods are all(), any(), contains(), count(), filter()",
    );
    expect(typeError("Now() == 1").message).toBe(
      "at 1:1: unknown function 'Now'; the functions are CronSpan(), Timestamp()",
    );
  });
});

describe("methods and their arguments", () => {
  it("refuses a list method on something that is not a list", () => {
    const error = typeError("wallet.id.count() == 1");
    expect(error.message).toBe("at 1:11: count() applies to lists, but wallet.id is a string");
    expect(typeError("wallet.any(w, true)").message).toMatch(
      /any\(\) applies to lists, but wallet is a Wallet/,
    );
  });

  it.each([
    ["approvers.count(1) == 1", "count() takes no arguments, but was given 1"],
    ["approvers.any(u)", "any(item, predicate) takes 2 arguments, but was given 1"],
    ["approvers.all(u, true, false)", "all(item, predicate) takes 2 arguments, but was given 3"],
    ["activity.params.user_ids.contains()", "contains(value) takes 1 argument, but was given 0"],
    ["Timestamp() == time.now", "Timestamp('<rfc3339>') takes 1 argument, but was given 0"],
    [
      "CronSpan('* * * * *', '1h')",
      "CronSpan('<cron>', '<duration>', '<time zone>') takes 3 arguments, but was given 2",
    ],
  ])("%s: %s", (source, message) => {
    expect(typeError(source).message).toContain(message);
  });

  it("wants a name for the item and a bool predicate", () => {
    expect(typeError("approvers.any('u', true)").message).toMatch(
      /at 1:15: the first argument of any\(\) names the item, but 'u' is not a name/,
    );
    expect(typeError("approvers.any(u.id, true)").message).toMatch(/but u.id is not a name/);
    expect(typeError("approvers.filter(u, u.id).count() > 0").message).toBe(
      "at 1:21: the predicate of filter() must be a bool, but u.id is a string",
    );
  });

  it("compares contains()'s value with the items' type", () => {
    expect(typeError("activity.params.user_ids.contains(1)").message).toBe(
      "at 1:35: cannot look for an int among string items",
    );
  });
});

describe("types of operators", () => {
  it.each([
    ["eth.tx.value == '1'", 13, "cannot compare int with string using '=='"],
    ["wallet.id != 1", 10, "cannot compare string with int using '!='"],
    [
      "eth.tx.to < 'b'",
      10,
      "cannot compare string with string using '<' (it orders two ints or two timestamps)",
    ],
    ["true <= false", 5, "cannot compare bool with bool using '<='"],
    ["time.now > 5", 9, "cannot compare timestamp with int using '>'"],
    ["approvers == approvers", 10, "cannot compare list<User> with list<User> using '=='"],
    ["wallet == wallet", 7, "cannot compare Wallet with Wallet using '=='"],
    ["'a' in wallet.id", 4, "'in' needs a list on its right, but wallet.id is a string"],
    ["1 in activity.params.user_ids", 2, "cannot look for an int among string items"],
    ["[1, 'a'].count() > 0", 4, "list items must share one type, but 'a' is a string after an int"],
    ["approvers['x'].id == 'a'", 10, "an index must be an int, but 'x' is a string"],
    ["wallet.id[true] == 'a'", 10, "an index must be an int, but true is a bool"],
    [
      "eth.tx.value[0] == 1",
      12,
      "only lists, strings and structs can be indexed, but eth.tx.value is an int",
    ],
    ["eth.tx.value[0..1] == 1", 12, "only lists and strings can be sliced, but eth.tx.value is an int"],
    ["wallet.id['a'..] == 'x'", 10, "a slice bound must be an int, but 'a' is a string"],
    ["!eth.tx.value", 1, "the operand of '!' must be a bool, but eth.tx.value is an int"],
    ["wallet.id && true", 0, "each side of '&&' must be a bool, but wallet.id is a string"],
    ["true || [true]", 8, "each side of '||' must be a bool, but [true] is a list<bool>"],
  ])("%s → at offset %i: %s", (source, position, message) => {
    const error = typeError(source);
    expect(error.message).toContain(message);
    expect(error.position).toBe(position);
    expect(error.message).toMatch(new RegExp(`^at 1:${position + 1}: `));
  });

  it("wants the whole expression to be a bool", () => {
    const error = typeError("eth.tx.value");
    expect(error.message).toBe("at 1:1: the expression must be a bool, but it is an int");
    expect(typeError("approvers.filter(u, true)").message).toMatch(/must be a bool, but it is a list<User>/);
    expect(typeError("solana.tx.transfers.count").message).toMatch(/but it is an int/);
  });
});

describe("lambda variables", () => {
  it("are known only inside their predicate", () => {
    const error = typeError("approvers.any(u, u.id == 'x') && u.id == 'y'");
    expect(error.position).toBe(33);
    expect(error.message).toMatch(/unknown keyword 'u'/);
    expect(typeError("approvers.any(u, true) || approvers.all(v, u.id == 'a')").message).toMatch(
      /unknown keyword 'u'; valid here: activity, approvers, credentials, eth, solana, time, v, wallet/,
    );
  });

  it("have the item type of their list, also when nested", () => {
    expect(() => check("approvers.any(u, u.tags.any(t, t == u.id))")).not.toThrow();
    expect(() => check("solana.tx.transfers.all(t, t.amount < 10)")).not.toThrow();
    expect(typeError("solana.tx.transfers.all(t, t.amount == 'x')").message).toMatch(
      /cannot compare int with string/,
    );
    expect(typeError("approvers.any(u, u.tags.any(t, t.id == 'x'))").message).toMatch(
      /t is a string, which has no field 'id'/,
    );
  });

  it("shadow keywords of the same name", () => {
    expect(() => check("approvers.any(wallet, wallet.email == 'a@b')")).not.toThrow();
    expect(typeError("approvers.any(wallet, wallet.imported)").message).toMatch(
      /wallet \(User\) has no field 'imported'/,
    );
    expect(() => check("approvers.any(wallet, true) && wallet.imported")).not.toThrow();
  });
});

describe("time functions", () => {
  it.each([
    ["Timestamp('2026-03-01T00:00:00+01:00') < time.now", 10, "the offset must be zero"],
    ["Timestamp('2026-02-29T00:00:00Z') < time.now", 10, "day 29 does not exist"],
    ["Timestamp('tomorrow') < time.now", 10, "expected an RFC 3339 date-time"],
    ["Timestamp(wallet.id) < time.now", 10, "the arguments of Timestamp() must be quoted strings"],
    ["CronSpan('*/5 * * * *', '1h', 'UTC')", 9, "minute field '*/5'"],
    ["CronSpan('0 9 * * MON', '1h', 'UTC')", 9, "day-of-week field 'MON'"],
    ["CronSpan('@daily', '1h', 'UTC')", 9, "expected 5 cron fields"],
    ["CronSpan('0 9 * * *', '8d', 'UTC')", 22, "at most 7 days"],
    ["CronSpan('0 9 * * *', '1.5h', 'UTC')", 22, "whole days, hours and minutes"],
    [
      "CronSpan('0 9 * * *', '1h', 'Mars/Olympus_Mons')",
      28,
      "'Mars/Olympus_Mons' is not an IANA time zone name",
    ],
  ])("%s → at offset %i: %s", (source, position, message) => {
    const error = typeError(source);
    expect(error.message).toContain(message);
    expect(error.position).toBe(position);
  });

  it("allows CronSpan only where time.now exists", () => {
    const noTime = T.struct("Condition", { wallet: T.struct("Wallet", { id: T.string }) });
    expect(typeError("CronSpan('0 9 * * *', '1h', 'UTC')", noTime).message).toBe(
      "at 1:1: CronSpan() reads time.now, which is not available here",
    );
  });
});

describe("PolicyTypeError", () => {
  it("carries the position of the culprit on later lines", () => {
    const error = typeError("activity.kind == 'X' &&\n  eth.tx.too == 'y'");
    expect([error.line, error.column, error.position]).toEqual([2, 10, 33]);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("PolicyTypeError");
  });
});
