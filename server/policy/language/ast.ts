/**
 * The syntax tree of a policy expression. Every node records where it starts in the source (for
 * error messages); positions are not part of an expression's meaning, so comparisons of trees
 * ignore them (see `withoutPositions`).
 */

export interface Position {
  /** 0-based offset in UTF-16 code units. */
  offset: number;
  /** 1-based. */
  line: number;
  /** 1-based, in UTF-16 code units from the start of the line. */
  column: number;
}

export type ComparisonOperator = "==" | "!=" | "<" | "<=" | ">" | ">=" | "in";
export type LogicalOperator = "&&" | "||";

export type Expression =
  | { kind: "bool"; value: boolean; position: Position }
  | { kind: "int"; value: bigint; position: Position }
  | { kind: "string"; value: string; position: Position }
  | { kind: "list"; items: Expression[]; position: Position }
  | { kind: "identifier"; name: string; position: Position }
  /** `target.name`; position is the name's. */
  | { kind: "member"; target: Expression; name: string; position: Position }
  /** `target[index]`; position is the `[`. */
  | { kind: "index"; target: Expression; index: Expression; position: Position }
  /** `target[start..end]`, either bound optional; position is the `[`. */
  | {
      kind: "slice";
      target: Expression;
      start: Expression | null;
      end: Expression | null;
      position: Position;
    }
  | { kind: "not"; operand: Expression; position: Position }
  /**
   * A chain `a && b && c` is one node with every operand, so long chains do not make deep trees;
   * a parenthesized chain inside another of the same operator stays a separate node.
   */
  | { kind: "logical"; operator: LogicalOperator; operands: Expression[]; position: Position }
  /** position is the operator's. */
  | { kind: "compare"; operator: ComparisonOperator; left: Expression; right: Expression; position: Position }
  /** `target.name(args)`: list methods; a predicate method's first argument is its variable. */
  | { kind: "method"; target: Expression; name: string; args: Expression[]; position: Position }
  /** `Name(args)`: the time functions `Timestamp` and `CronSpan`. */
  | { kind: "call"; name: string; args: Expression[]; position: Position };

export type ExpressionKind = Expression["kind"];

/** The direct sub-expressions of a node, in source order. */
export function childrenOf(expression: Expression): Expression[] {
  switch (expression.kind) {
    case "bool":
    case "int":
    case "string":
    case "identifier":
      return [];
    case "list":
      return expression.items;
    case "member":
      return [expression.target];
    case "index":
      return [expression.target, expression.index];
    case "slice":
      return [expression.target, expression.start, expression.end].filter((e): e is Expression => e !== null);
    case "not":
      return [expression.operand];
    case "logical":
      return expression.operands;
    case "compare":
      return [expression.left, expression.right];
    case "method":
      return [expression.target, ...expression.args];
    case "call":
      return expression.args;
  }
}

/** A structural copy with every position removed: what two trees are compared by. */
export function withoutPositions(expression: Expression): unknown {
  const { position: _position, ...rest } = expression;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rest)) {
    if (Array.isArray(value)) copy[key] = value.map((item: Expression) => withoutPositions(item));
    else if (value !== null && typeof value === "object") copy[key] = withoutPositions(value as Expression);
    else copy[key] = value;
  }
  return copy;
}

/** Where the expression's source text begins (a member's own position is its name's). */
export function startOf(expression: Expression): Position {
  switch (expression.kind) {
    case "member":
    case "index":
    case "slice":
    case "method":
      return startOf(expression.target);
    case "compare":
      return startOf(expression.left);
    case "logical":
      return startOf(expression.operands[0]!);
    default:
      return expression.position;
  }
}
