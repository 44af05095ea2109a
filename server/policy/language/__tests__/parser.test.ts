import { describe, expect, it } from "vitest";
import { MAX_NESTING_DEPTH, MAX_SOURCE_LENGTH, PolicySyntaxError, parsePolicyExpression } from "..";
import { n, shape, thrown } from "./helpers";

const syntaxError = (source: string) => thrown(PolicySyntaxError, () => parsePolicyExpression(source));

describe("literals", () => {
  it("reads true and false", () => {
    expect(shape("true")).toEqual(n.bool(true));
    expect(shape("false")).toEqual(n.bool(false));
  });

  it("reads decimal integers, negative ones and the whole u256 and i128 ranges", () => {
    expect(shape("0")).toEqual(n.int(0n));
    expect(shape("256")).toEqual(n.int(256n));
    expect(shape("-7")).toEqual(n.int(-7n));
    expect(shape("170141183460469231731687303715884105728")).toEqual(n.int(2n ** 127n));
    expect(shape((2n ** 256n - 1n).toString())).toEqual(n.int(2n ** 256n - 1n));
    expect(shape((-(2n ** 127n)).toString())).toEqual(n.int(-(2n ** 127n)));
  });

  it("reads single-quoted strings with \\' and \\\\ escapes, across lines", () => {
    expect(shape("'abc'")).toEqual(n.str("abc"));
    expect(shape("''")).toEqual(n.str(""));
    expect(shape("'it\\'s'")).toEqual(n.str("it's"));
    expect(shape("'back\\\\slash'")).toEqual(n.str("back\\slash"));
    expect(shape("'two\nlines'")).toEqual(n.str("two\nlines"));
    expect(shape("'😀 ü'")).toEqual(n.str("😀 ü"));
  });

  it("reads list literals, empty and nested", () => {
    expect(shape("[]")).toEqual(n.list());
    expect(shape("[1, 2, 3]")).toEqual(n.list(n.int(1n), n.int(2n), n.int(3n)));
    expect(shape("[['a'], []]")).toEqual(n.list(n.list(n.str("a")), n.list()));
  });
});

describe("access", () => {
  it("reads identifiers and member chains", () => {
    expect(shape("approvers")).toEqual(n.id("approvers"));
    expect(shape("eth.tx.to")).toEqual(n.member(n.member(n.id("eth"), "tx"), "to"));
    expect(shape("_a1.B_2")).toEqual(n.member(n.id("_a1"), "B_2"));
  });

  it("reads indexing with any expression, including a field name in quotes", () => {
    expect(shape("x[0]")).toEqual(n.index(n.id("x"), n.int(0n)));
    expect(shape("args['wad']")).toEqual(n.index(n.id("args"), n.str("wad")));
    expect(shape("m['a'][0]['b']")).toEqual(
      n.index(n.index(n.index(n.id("m"), n.str("a")), n.int(0n)), n.str("b")),
    );
    expect(shape("x[y.count()]")).toEqual(n.index(n.id("x"), n.method(n.id("y"), "count")));
  });

  it("reads slices with either bound, both or neither", () => {
    const data = n.member(n.member(n.id("eth"), "tx"), "data");
    expect(shape("eth.tx.data[0..10]")).toEqual(n.slice(data, n.int(0n), n.int(10n)));
    expect(shape("x[..10]")).toEqual(n.slice(n.id("x"), null, n.int(10n)));
    expect(shape("x[2..]")).toEqual(n.slice(n.id("x"), n.int(2n), null));
    expect(shape("x[..]")).toEqual(n.slice(n.id("x"), null, null));
    expect(shape("x[-1..-2]")).toEqual(n.slice(n.id("x"), n.int(-1n), n.int(-2n)));
  });

  it("reads method calls with a variable and a predicate, one value or none", () => {
    expect(shape("approvers.any(user, user.id == 'X')")).toEqual(
      n.method(n.id("approvers"), "any", n.id("user"), n.cmp("==", n.member(n.id("user"), "id"), n.str("X"))),
    );
    expect(shape("tags.contains('a')")).toEqual(n.method(n.id("tags"), "contains", n.str("a")));
    expect(shape("xs.count()")).toEqual(n.method(n.id("xs"), "count"));
    expect(shape("xs.filter(v, v).count()")).toEqual(
      n.method(n.method(n.id("xs"), "filter", n.id("v"), n.id("v")), "count"),
    );
  });

  it("reads function calls such as Timestamp and CronSpan", () => {
    expect(shape("Timestamp('2026-03-01T00:00:00Z')")).toEqual(
      n.call("Timestamp", n.str("2026-03-01T00:00:00Z")),
    );
    expect(shape("CronSpan('0 9 * * 1-5', '8h', 'UTC')")).toEqual(
      n.call("CronSpan", n.str("0 9 * * 1-5"), n.str("8h"), n.str("UTC")),
    );
    expect(shape("f()")).toEqual(n.call("f"));
  });
});

describe("operators and precedence", () => {
  it("reads every comparison and in", () => {
    for (const operator of ["==", "!=", "<", "<=", ">", ">="]) {
      expect(shape(`a ${operator} 1`)).toEqual(n.cmp(operator, n.id("a"), n.int(1n)));
    }
    expect(shape("a in [1, 2]")).toEqual(n.cmp("in", n.id("a"), n.list(n.int(1n), n.int(2n))));
    expect(shape("'x' in ids")).toEqual(n.cmp("in", n.str("x"), n.id("ids")));
  });

  it("binds && tighter than ||, and flattens chains of one operator into one node", () => {
    expect(shape("a || b && c")).toEqual(n.or(n.id("a"), n.and(n.id("b"), n.id("c"))));
    expect(shape("a && b || c")).toEqual(n.or(n.and(n.id("a"), n.id("b")), n.id("c")));
    expect(shape("a && b && c")).toEqual(n.and(n.id("a"), n.id("b"), n.id("c")));
    expect(shape("a && (b && c)")).toEqual(n.and(n.id("a"), n.and(n.id("b"), n.id("c"))));
  });

  it("binds comparisons tighter than && and ||", () => {
    expect(shape("a == 1 && b in [2] || c != 'x'")).toEqual(
      n.or(
        n.and(n.cmp("==", n.id("a"), n.int(1n)), n.cmp("in", n.id("b"), n.list(n.int(2n)))),
        n.cmp("!=", n.id("c"), n.str("x")),
      ),
    );
  });

  it("binds ! tighter than comparisons and looser than postfix access", () => {
    expect(shape("!a == b")).toEqual(n.cmp("==", n.not(n.id("a")), n.id("b")));
    expect(shape("!(a == b)")).toEqual(n.not(n.cmp("==", n.id("a"), n.id("b"))));
    expect(shape("!a.b[0]")).toEqual(n.not(n.index(n.member(n.id("a"), "b"), n.int(0n))));
    expect(shape("!!a")).toEqual(n.not(n.not(n.id("a"))));
  });

  it("drops parentheses, which only group", () => {
    expect(shape("((a))")).toEqual(n.id("a"));
    expect(shape("(a || b).c")).toEqual(n.member(n.or(n.id("a"), n.id("b")), "c"));
  });

  it("ignores spaces, tabs and newlines between tokens", () => {
    expect(shape(" \t\na\r\n&&\tb ")).toEqual(n.and(n.id("a"), n.id("b")));
    expect(shape("x [ 0 .. 2 ]")).toEqual(n.slice(n.id("x"), n.int(0n), n.int(2n)));
  });
});

describe("positions", () => {
  it("records 0-based offsets and 1-based lines and columns", () => {
    const e = parsePolicyExpression("a &&\n  b.c == 'x'");
    if (e.kind !== "logical") throw new Error("expected a logical node");
    expect(e.position).toEqual({ offset: 2, line: 1, column: 3 });
    const comparison = e.operands[1]!;
    expect(comparison.position).toEqual({ offset: 11, line: 2, column: 7 });
    if (comparison.kind !== "compare") throw new Error("expected a comparison");
    expect(comparison.left.position).toEqual({ offset: 9, line: 2, column: 5 });
  });
});

describe("syntax errors", () => {
  it("says where, what was expected and what was found", () => {
    const error = syntaxError("approvers.any(user, user.id == 'X' approvers");
    expect(error.message).toBe("at 1:36: expected ',' or ')' but found 'approvers'");
    expect([error.position, error.line, error.column]).toEqual([35, 1, 36]);
    expect(error.expected).toBe("',' or ')'");
  });

  const cases: [string, number, string, RegExp][] = [
    ["", 0, "an expression", /found end of input/],
    ["   ", 3, "an expression", /found end of input/],
    ["(a", 2, "')'", /found end of input/],
    ["a ==", 4, "an expression", /found end of input/],
    ["a b", 2, "an operator or end of input", /found 'b'/],
    ["a)", 1, "an operator or end of input", /found '\)'/],
    ["a == b == c", 7, "'&&', '||', ')' or end of input", /comparisons do not chain/],
    ["a < b in c", 6, "'&&', '||', ')' or end of input", /comparisons do not chain/],
    ["a.", 2, "a field or method name after '.'", /found end of input/],
    ["a.1", 2, "a field or method name after '.'", /found '1'/],
    ["a.true", 2, "a field or method name after '.'", /found 'true'/],
    ["x[1", 3, "']' or '..'", /found end of input/],
    ["x[1..2", 6, "']'", /found end of input/],
    ["x[]", 2, "an expression", /found '\]'/],
    ["x[1,2]", 3, "']' or '..'", /found ','/],
    ["[1, 2", 5, "',' or ']'", /found end of input/],
    ["[1,]", 3, "an expression", /found '\]'/],
    ["f(1 2)", 4, "',' or ')'", /found '2'/],
    ["&& a", 0, "an expression", /found '&&'/],
    ["in", 0, "an expression", /found 'in'/],
    ["'abc", 4, "' to close the string", /opened at 1:1/],
    ["'a\\n'", 2, "\\' or \\\\ (the only escapes)", /found '\\n'/],
    ["'a\\", 2, "\\' or \\\\ (the only escapes)", /found end of input/],
    ['"a"', 0, "an expression, an operator or punctuation", /unexpected character '"'/],
    ["a & b", 2, "an expression, an operator or punctuation", /unexpected character '&'/],
    ["a = b", 2, "an expression, an operator or punctuation", /unexpected character '='/],
    ["- 5", 0, "an expression, an operator or punctuation", /unexpected character '-'/],
    ["a # b", 2, "an expression, an operator or punctuation", /unexpected character '#'/],
    ["a == 😀", 5, "an expression, an operator or punctuation", /unexpected character '😀'/],
    ["12abc", 2, "a digit or a delimiter after a number", /found 'a'/],
    [(2n ** 256n).toString(), 0, "an integer from -2^127 to 2^256-1", /integer out of range/],
    [(-(2n ** 127n) - 1n).toString(), 0, "an integer from -2^127 to 2^256-1", /integer out of range/],
  ];
  it.each(cases)("%j fails at offset %i expecting %s", (source, position, expected, message) => {
    const error = syntaxError(source);
    expect(error.position).toBe(position);
    expect(error.expected).toBe(expected);
    expect(error.message).toMatch(message);
    expect(error.message).toMatch(/^at \d+:\d+: /);
  });

  it("counts lines and columns in multi-line sources", () => {
    const error = syntaxError("a &&\n  == b");
    expect([error.line, error.column, error.position]).toEqual([2, 3, 7]);
    expect(error.message).toBe("at 2:3: expected an expression but found '=='");
  });
});

describe("limits", () => {
  it(`refuses sources longer than ${MAX_SOURCE_LENGTH} characters and accepts one that long`, () => {
    const long = `'${"a".repeat(MAX_SOURCE_LENGTH - 2)}'`;
    expect(shape(long)).toEqual(n.str("a".repeat(MAX_SOURCE_LENGTH - 2)));
    const error = syntaxError(`${long} `);
    expect(error.position).toBe(MAX_SOURCE_LENGTH);
    expect(error.expected).toBe(`at most ${MAX_SOURCE_LENGTH} characters`);
    expect(error.message).toMatch(/expression too long/);
  });

  const depth = MAX_NESTING_DEPTH;
  it.each([
    ["parentheses", (k: number) => `${"(".repeat(k)}a${")".repeat(k)}`],
    ["negations", (k: number) => `${"!".repeat(k)}a`],
    ["list literals", (k: number) => `${"[".repeat(k)}${"]".repeat(k)}`],
    ["member chains", (k: number) => `a${".b".repeat(k)}`],
    ["index chains", (k: number) => `a${"[0]".repeat(k)}`],
    ["nested predicates", (k: number) => `${"a.any(v, ".repeat(k)}v${")".repeat(k)}`],
  ])(`refuses %s nested more than ${depth} deep, without exhausting the stack`, (_, nest) => {
    expect(() => parsePolicyExpression(nest(Math.floor(depth / 2)))).not.toThrow();
    for (const k of [depth + 1, 1_000, 4_000]) {
      const source = nest(k).slice(0, MAX_SOURCE_LENGTH);
      const error = syntaxError(source);
      expect(error.expected).toMatch(/at most 64 levels of nesting|characters/);
    }
  });

  it("keeps long chains of && and || flat, so they are not a nesting problem", () => {
    const clauses = Array.from({ length: 500 }, (_, i) => `a == ${i}`);
    const e = parsePolicyExpression(clauses.join(" || "));
    expect(e.kind === "logical" && e.operands.length).toBe(500);
  });
});
