import { invalid } from "../errors";
import { CONDITION_SCHEMA, CONSENSUS_SCHEMA } from "./context/schema";
import { checkPolicyExpression, PolicySyntaxError, PolicyTypeError, parsePolicyExpression } from "./language";

/**
 * Refuse, at creation, an expression that does not parse or names a field or function that does
 * not exist — with where and what was expected — so that evaluation never meets one.
 */
export function validatePolicyExpressions(
  input: { condition?: string; consensus?: string },
  fields: {
    condition: string;
    consensus: string;
  },
): void {
  check(input.condition, "condition", fields.condition);
  check(input.consensus, "consensus", fields.consensus);
}

function check(source: string | undefined, which: "condition" | "consensus", field: string): void {
  if (source === undefined || source.trim() === "") return;
  try {
    const expression = parsePolicyExpression(source);
    checkPolicyExpression(expression, which === "condition" ? CONDITION_SCHEMA : CONSENSUS_SCHEMA, {
      expect: "bool",
    });
  } catch (error) {
    if (error instanceof PolicySyntaxError || error instanceof PolicyTypeError) {
      throw invalid(`${field}: ${error.message}`, field);
    }
    throw error;
  }
}
