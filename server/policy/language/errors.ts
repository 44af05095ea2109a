import type { Position } from "./ast";

/**
 * The three ways a policy expression can fail, each carrying where (0-based offset, 1-based line
 * and column) so the API can say `condition: at 1:17: …`. Only these are ever thrown by the
 * parser and the evaluator; the type checker throws PolicyTypeError.
 */
abstract class PolicyLanguageError extends Error {
  readonly position: number;
  readonly line: number;
  readonly column: number;

  constructor(at: Position, detail: string, options?: { cause?: unknown }) {
    super(`at ${at.line}:${at.column}: ${detail}`, options);
    this.position = at.offset;
    this.line = at.line;
    this.column = at.column;
  }
}

/** The source is not an expression: `expected` says what would have been accepted at `position`. */
export class PolicySyntaxError extends PolicyLanguageError {
  override readonly name = "PolicySyntaxError";
  readonly expected: string;

  /** Without `detail` the message is `expected <expected> but found <found>`. */
  constructor(at: Position, expected: string, found: string, detail?: string) {
    super(at, detail ?? `expected ${expected} but found ${found}`);
    this.expected = expected;
  }
}

/** The expression parses but names something that does not exist or mixes types. */
export class PolicyTypeError extends PolicyLanguageError {
  override readonly name = "PolicyTypeError";
}

/** Evaluation against one context failed: a missing field, an index out of range, a budget spent. */
export class PolicyEvaluationError extends PolicyLanguageError {
  override readonly name = "PolicyEvaluationError";
}
