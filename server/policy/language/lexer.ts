import type { Position } from "./ast";
import { PolicySyntaxError } from "./errors";
import { MAX_INT, MIN_INT } from "./limits";

export type TokenKind = "identifier" | "int" | "string" | "true" | "false" | "in" | "symbol" | "end";

export interface Token {
  kind: TokenKind;
  /** The source text of the token (for a string, with its quotes and escapes). */
  text: string;
  /** int: the value; string: the unescaped text; otherwise absent. */
  value?: bigint | string;
  position: Position;
}

/** Two-character symbols first, so `<=` is not read as `<` then `=`. */
const SYMBOLS = ["&&", "||", "==", "!=", "<=", ">=", "..", "<", ">", "!", "(", ")", "[", "]", ",", "."];
const KEYWORDS = new Set(["true", "false", "in"]);

const isDigit = (c: string) => c >= "0" && c <= "9";
const isIdentifierStart = (c: string) => (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || c === "_";
const isIdentifierPart = (c: string) => isIdentifierStart(c) || isDigit(c);
const isSpace = (c: string) => c === " " || c === "\t" || c === "\n" || c === "\r";

/** How a token reads in an error message: `'approvers'`, `string 'abc'`, `end of input`. */
export function describeToken(token: Token): string {
  if (token.kind === "end") return "end of input";
  const text = token.text.length > 24 ? `${token.text.slice(0, 24)}…` : token.text;
  return token.kind === "string" ? `string ${text}` : `'${text}'`;
}

/** Splits the whole source into tokens, ending with one `end` token. */
export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let offset = 0;
  let line = 1;
  let lineStart = 0;
  const here = (at = offset): Position => ({ offset: at, line, column: at - lineStart + 1 });
  const fail = (at: Position, expected: string, found: string, detail?: string): never => {
    throw new PolicySyntaxError(at, expected, found, detail);
  };

  while (offset < source.length) {
    const c = source[offset]!;
    if (isSpace(c)) {
      offset++;
      if (c === "\n") {
        line++;
        lineStart = offset;
      }
      continue;
    }
    const start = here();
    if (isDigit(c) || (c === "-" && isDigit(source[offset + 1] ?? ""))) {
      let end = offset + 1;
      while (end < source.length && isDigit(source[end]!)) end++;
      if (end < source.length && isIdentifierPart(source[end]!)) {
        fail(here(end), "a digit or a delimiter after a number", `'${source[end]}'`);
      }
      const text = source.slice(offset, end);
      const value = BigInt(text);
      if (value < MIN_INT || value > MAX_INT) {
        fail(
          start,
          "an integer from -2^127 to 2^256-1",
          `'${text.slice(0, 24)}'`,
          "integer out of range: expected an integer from -2^127 to 2^256-1",
        );
      }
      tokens.push({ kind: "int", text, value, position: start });
      offset = end;
      continue;
    }
    if (isIdentifierStart(c)) {
      let end = offset + 1;
      while (end < source.length && isIdentifierPart(source[end]!)) end++;
      const text = source.slice(offset, end);
      const kind = KEYWORDS.has(text) ? (text as TokenKind) : "identifier";
      tokens.push({ kind, text, position: start });
      offset = end;
      continue;
    }
    if (c === "'") {
      let value = "";
      let end = offset + 1;
      for (;;) {
        if (end >= source.length) {
          fail(
            here(end),
            "' to close the string",
            "end of input",
            `expected ' to close the string opened at ${start.line}:${start.column} but found end of input`,
          );
        }
        const d = source[end]!;
        if (d === "'") break;
        if (d === "\\") {
          const escaped = source[end + 1];
          if (escaped !== "'" && escaped !== "\\") {
            fail(
              here(end),
              "\\' or \\\\ (the only escapes)",
              escaped === undefined ? "end of input" : `'\\${escaped}'`,
            );
          }
          value += escaped;
          end += 2;
          continue;
        }
        if (d === "\n") {
          line++;
          lineStart = end + 1;
        }
        value += d;
        end++;
      }
      tokens.push({ kind: "string", text: source.slice(offset, end + 1), value, position: start });
      offset = end + 1;
      continue;
    }
    const symbol = SYMBOLS.find((s) => source.startsWith(s, offset));
    if (!symbol) {
      const found = String.fromCodePoint(source.codePointAt(offset)!);
      fail(
        start,
        "an expression, an operator or punctuation",
        `'${found}'`,
        `unexpected character '${found}'`,
      );
    }
    tokens.push({ kind: "symbol", text: symbol!, position: start });
    offset += symbol!.length;
  }
  tokens.push({ kind: "end", text: "", position: here() });
  return tokens;
}
