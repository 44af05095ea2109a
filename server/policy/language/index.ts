/**
 * The policy language: parse, print, type-check and evaluate the expressions of a policy's
 * `condition`, `consensus` (and `time`). Pure: no I/O, no clock (time.now comes from the context).
 * Grammar and semantics: docs/policy-language.md.
 */
export type { ComparisonOperator, Expression, LogicalOperator, Position } from "./ast";
export { withoutPositions } from "./ast";
export { checkPolicyExpression } from "./checker";
export { PolicyEvaluationError, PolicySyntaxError, PolicyTypeError } from "./errors";
export { type EvaluationOptions, evaluatePolicyExpression } from "./evaluator";
export { DEFAULT_MAX_STEPS, MAX_NESTING_DEPTH, MAX_SOURCE_LENGTH } from "./limits";
export { parsePolicyExpression } from "./parser";
export { printPolicyExpression } from "./printer";
