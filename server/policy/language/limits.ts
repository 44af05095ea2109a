/**
 * Bounds that keep every input cheap: a policy is parsed at creation and evaluated on every
 * activity, so neither a long source, a deep nesting nor a large context may stall the server or
 * exhaust the stack.
 */

/** Longest accepted policy expression, in UTF-16 code units (what `string.length` counts). */
export const MAX_SOURCE_LENGTH = 8_192;

/** Deepest accepted nesting: of parentheses, brackets and `!`, and of the syntax tree itself. */
export const MAX_NESTING_DEPTH = 64;

/** Evaluation steps (nodes visited, list elements compared or iterated) before evaluation gives up. */
export const DEFAULT_MAX_STEPS = 100_000;

/** Integer literals: the union of Turnkey's int (i128) and uint (u256) ranges. */
export const MIN_INT = -(2n ** 127n);
export const MAX_INT = 2n ** 256n - 1n;
