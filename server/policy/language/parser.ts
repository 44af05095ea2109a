import {
  type ComparisonOperator,
  childrenOf,
  type Expression,
  type LogicalOperator,
  type Position,
} from "./ast";
import { PolicySyntaxError } from "./errors";
import { describeToken, type Token, tokenize } from "./lexer";
import { MAX_NESTING_DEPTH, MAX_SOURCE_LENGTH } from "./limits";

const COMPARISONS = new Set(["==", "!=", "<", "<=", ">", ">="]);

/**
 * Parses one policy expression (grammar: docs/policy-language.md). Precedence, loosest first:
 * `||`, `&&`, comparisons and `in` (which do not chain), `!`, then postfix `.f`, `[i]`, `[a..b]`,
 * `.m(args)`. Throws PolicySyntaxError and nothing else.
 */
export function parsePolicyExpression(source: string): Expression {
  if (source.length > MAX_SOURCE_LENGTH) {
    const lines = source.slice(0, MAX_SOURCE_LENGTH).split("\n");
    const at = { offset: MAX_SOURCE_LENGTH, line: lines.length, column: lines.at(-1)!.length + 1 };
    throw new PolicySyntaxError(
      at,
      `at most ${MAX_SOURCE_LENGTH} characters`,
      `${source.length}`,
      `expression too long: expected at most ${MAX_SOURCE_LENGTH} characters but found ${source.length}`,
    );
  }
  return new Parser(tokenize(source)).parse();
}

class Parser {
  private index = 0;
  /** Nesting of sub-expressions being parsed: bounds the recursion. */
  private nesting = 0;
  /** Height of each built node: bounds the recursion of everything that walks the tree. */
  private readonly heights = new WeakMap<Expression, number>();

  constructor(private readonly tokens: Token[]) {}

  parse(): Expression {
    const expression = this.expression();
    // A second comparison was refused where it stood; anything else left over is not an operator.
    if (this.peek().kind !== "end") this.fail(this.peek(), "an operator or end of input");
    return expression;
  }

  /** expression := and ('||' and)* */
  private expression(): Expression {
    return this.nested(this.peek(), () =>
      this.logical("||", () => this.logical("&&", () => this.comparison())),
    );
  }

  private logical(operator: LogicalOperator, operand: () => Expression): Expression {
    const first = operand();
    const operands = [first];
    let position: Position | undefined;
    while (this.peekSymbol(operator)) {
      position ??= this.peek().position;
      this.index++;
      operands.push(operand());
    }
    if (!position) return first;
    return this.build({ kind: "logical", operator, operands, position });
  }

  /** comparison := unary (('==' | '!=' | '<' | '<=' | '>' | '>=' | 'in') unary)? */
  private comparison(): Expression {
    const left = this.unary();
    const token = this.peek();
    const isComparison = (t: Token) => (t.kind === "symbol" && COMPARISONS.has(t.text)) || t.kind === "in";
    if (!isComparison(token)) return left;
    this.index++;
    const right = this.unary();
    const after = this.peek();
    if (isComparison(after)) {
      this.fail(after, "'&&', '||', ')' or end of input", "comparisons do not chain: add parentheses");
    }
    const operator = token.text as ComparisonOperator;
    return this.build({ kind: "compare", operator, left, right, position: token.position });
  }

  /** unary := '!' unary | postfix */
  private unary(): Expression {
    const token = this.peek();
    if (!this.peekSymbol("!")) return this.postfix();
    this.index++;
    const operand = this.nested(token, () => this.unary());
    return this.build({ kind: "not", operand, position: token.position });
  }

  /** postfix := primary ('.' name ('(' args ')')? | '[' expression ']' | '[' expression? '..' expression? ']')* */
  private postfix(): Expression {
    let target = this.primary();
    for (;;) {
      if (this.peekSymbol(".")) {
        this.index++;
        const name = this.expectKind("identifier", "a field or method name after '.'");
        if (this.peekSymbol("(")) {
          const args = this.arguments();
          target = this.build({ kind: "method", target, name: name.text, args, position: name.position });
        } else {
          target = this.build({ kind: "member", target, name: name.text, position: name.position });
        }
      } else if (this.peekSymbol("[")) {
        target = this.bracket(target);
      } else {
        return target;
      }
    }
  }

  private bracket(target: Expression): Expression {
    const open = this.next();
    const start = this.peekSymbol("..") ? null : this.expression();
    if (start && this.peekSymbol("]")) {
      this.index++;
      return this.build({ kind: "index", target, index: start, position: open.position });
    }
    this.expectSymbol("..", start ? "']' or '..'" : "an index, '..' or ']'");
    const end = this.peekSymbol("]") ? null : this.expression();
    this.expectSymbol("]", "']'");
    return this.build({ kind: "slice", target, start, end, position: open.position });
  }

  private primary(): Expression {
    const token = this.peek();
    switch (token.kind) {
      case "true":
      case "false":
        this.index++;
        return this.build({ kind: "bool", value: token.kind === "true", position: token.position });
      case "int":
        this.index++;
        return this.build({ kind: "int", value: token.value as bigint, position: token.position });
      case "string":
        this.index++;
        return this.build({ kind: "string", value: token.value as string, position: token.position });
      case "identifier":
        this.index++;
        if (this.peekSymbol("(")) {
          const args = this.arguments();
          return this.build({ kind: "call", name: token.text, args, position: token.position });
        }
        return this.build({ kind: "identifier", name: token.text, position: token.position });
      default:
        if (this.peekSymbol("(")) {
          this.index++;
          const inner = this.expression();
          this.expectSymbol(")", "')'");
          return inner;
        }
        if (this.peekSymbol("[")) {
          this.index++;
          const items = this.list("]");
          return this.build({ kind: "list", items, position: token.position });
        }
        return this.fail(token, "an expression");
    }
  }

  /** '(' (expression (',' expression)*)? ')' */
  private arguments(): Expression[] {
    this.expectSymbol("(", "'('");
    return this.list(")");
  }

  /** Comma-separated expressions up to `close` (already past the opening bracket). */
  private list(close: string): Expression[] {
    const items: Expression[] = [];
    if (this.peekSymbol(close)) {
      this.index++;
      return items;
    }
    for (;;) {
      items.push(this.expression());
      if (this.peekSymbol(",")) {
        this.index++;
        continue;
      }
      this.expectSymbol(close, `',' or '${close}'`);
      return items;
    }
  }

  private nested<T>(at: Token, parse: () => T): T {
    if (++this.nesting > MAX_NESTING_DEPTH) this.tooDeep(at.position);
    try {
      return parse();
    } finally {
      this.nesting--;
    }
  }

  /** Records the node's height and refuses trees taller than the nesting limit. */
  private build(node: Expression): Expression {
    let height = 1;
    for (const child of childrenOf(node)) height = Math.max(height, 1 + (this.heights.get(child) ?? 1));
    if (height > MAX_NESTING_DEPTH) this.tooDeep(node.position);
    this.heights.set(node, height);
    return node;
  }

  private tooDeep(at: Position): never {
    const expected = `at most ${MAX_NESTING_DEPTH} levels of nesting`;
    throw new PolicySyntaxError(at, expected, "more", `expression nested too deeply: expected ${expected}`);
  }

  private peek(): Token {
    return this.tokens[this.index]!;
  }

  private next(): Token {
    return this.tokens[this.index++]!;
  }

  private peekSymbol(text: string): boolean {
    const token = this.peek();
    return token.kind === "symbol" && token.text === text;
  }

  private expectSymbol(text: string, expected: string): Token {
    if (!this.peekSymbol(text)) this.fail(this.peek(), expected);
    return this.next();
  }

  private expectKind(kind: Token["kind"], expected: string): Token {
    if (this.peek().kind !== kind) this.fail(this.peek(), expected);
    return this.next();
  }

  private fail(token: Token, expected: string, detail?: string): never {
    const found = describeToken(token);
    throw new PolicySyntaxError(
      token.position,
      expected,
      found,
      detail && `${detail}: expected ${expected} but found ${found}`,
    );
  }
}
