import type { Expression } from "./ast";

/** Binding strength, loosest first; a child looser than its slot needs parentheses. */
const OR = 1;
const AND = 2;
const COMPARE = 3;
const UNARY = 4;
const POSTFIX = 5;

function strength(expression: Expression): number {
  switch (expression.kind) {
    case "logical":
      return expression.operator === "||" ? OR : AND;
    case "compare":
      return COMPARE;
    case "not":
      return UNARY;
    default:
      return POSTFIX;
  }
}

/**
 * The canonical source of an expression: single spaces around binary operators, `, ` between
 * items, parentheses only where the tree needs them. `parsePolicyExpression(print(e))` gives `e`
 * back (positions aside).
 */
export function printPolicyExpression(expression: Expression): string {
  switch (expression.kind) {
    case "bool":
      return String(expression.value);
    case "int":
      return expression.value.toString();
    case "string":
      return `'${expression.value.replace(/[\\']/g, (c) => `\\${c}`)}'`;
    case "list":
      return `[${expression.items.map(printPolicyExpression).join(", ")}]`;
    case "identifier":
      return expression.name;
    case "member":
      return `${slot(expression.target, POSTFIX)}.${expression.name}`;
    case "index":
      return `${slot(expression.target, POSTFIX)}[${printPolicyExpression(expression.index)}]`;
    case "slice": {
      const start = expression.start ? printPolicyExpression(expression.start) : "";
      const end = expression.end ? printPolicyExpression(expression.end) : "";
      return `${slot(expression.target, POSTFIX)}[${start}..${end}]`;
    }
    case "not":
      return `!${slot(expression.operand, UNARY)}`;
    case "logical": {
      // Operands are one level tighter: a nested chain of the same operator was parenthesized.
      const tighter = expression.operator === "||" ? AND : COMPARE;
      return expression.operands.map((o) => slot(o, tighter)).join(` ${expression.operator} `);
    }
    case "compare":
      // Comparisons do not chain, so neither side may be a bare comparison.
      return `${slot(expression.left, UNARY)} ${expression.operator} ${slot(expression.right, UNARY)}`;
    case "method":
      return `${slot(expression.target, POSTFIX)}.${expression.name}(${expression.args.map(printPolicyExpression).join(", ")})`;
    case "call":
      return `${expression.name}(${expression.args.map(printPolicyExpression).join(", ")})`;
  }
}

function slot(expression: Expression, atLeast: number): string {
  const text = printPolicyExpression(expression);
  return strength(expression) < atLeast ? `(${text})` : text;
}
