import type { PolicyRow } from "../db/schema";
import { type Expression, parsePolicyExpression } from "./language";

export interface CompiledPolicy {
  id: string;
  name: string;
  effect: "EFFECT_ALLOW" | "EFFECT_DENY";
  /** Absent: applies to every activity. */
  condition?: Expression;
  /** Absent: needs no approvals beyond the request. */
  consensus?: Expression;
}

/**
 * Parsed expressions by source text. Parsing is a pure function of the text, so a bounded memo is
 * safe to share across requests and organizations; it saves re-parsing every policy per activity.
 */
const parsed = new Map<string, Expression>();
const MEMO_LIMIT = 10_000;

function parseMemo(source: string): Expression {
  let expression = parsed.get(source);
  if (!expression) {
    expression = parsePolicyExpression(source);
    if (parsed.size >= MEMO_LIMIT) parsed.delete(parsed.keys().next().value!);
    parsed.set(source, expression);
  }
  return expression;
}

/** Stored policies were checked at creation, so parsing them again cannot fail short of a bug. */
export function compilePolicy(
  row: Pick<PolicyRow, "id" | "name" | "effect" | "condition" | "consensus">,
): CompiledPolicy {
  return {
    id: row.id,
    name: row.name,
    effect: row.effect as CompiledPolicy["effect"],
    ...(row.condition ? { condition: parseMemo(row.condition) } : {}),
    ...(row.consensus ? { consensus: parseMemo(row.consensus) } : {}),
  };
}
