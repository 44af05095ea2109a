"use client";

import { useQuery } from "@tanstack/react-query";
import { ApiRequestError, query } from "@/lib/client/api";
import { type ExpressionProblem, expressionProblem } from "@/lib/client/expression-problem";
import { useSession } from "@/lib/client/session-context";
import { useDebouncedValue } from "@/lib/client/use-debounced-value";

export type PolicyExpression = "condition" | "consensus";

export type ExpressionCheck =
  | { state: "empty" | "checking" | "valid" }
  | { state: "invalid"; problem: ExpressionProblem }
  /** The server could not be asked (offline, session over): nothing is known about the expression. */
  | { state: "unknown"; message: string };

const PAUSE_MS = 400;

/**
 * Check an expression as it is typed. The browser cannot run the server's parser, so it asks
 * simulate_policies — a read stamped with the session key, which writes nothing — with a draft
 * holding only this expression, replaying a single activity to keep it cheap. An expression that
 * does not parse or check is refused with a 400 naming the position.
 */
export function useExpressionCheck(field: PolicyExpression, source: string): ExpressionCheck {
  const session = useSession();
  // Sent as typed, not trimmed: the position in the answer then points into the text on screen.
  const settled = useDebouncedValue(source, PAUSE_MS);
  const check = useQuery({
    queryKey: ["policy-expression", field, settled],
    queryFn: () =>
      query(session, "simulate_policies", {
        draft: {
          add: [{ policyName: "expression check", effect: "EFFECT_ALLOW", notes: "", [field]: settled }],
        },
        window: { limit: "1" },
      }),
    enabled: settled.trim() !== "",
    // An expression's validity does not change while the page is open.
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (source.trim() === "") return { state: "empty" };
  if (source !== settled || check.isPending) return { state: "checking" };
  if (check.error instanceof ApiRequestError && check.error.status === 400) {
    return { state: "invalid", problem: expressionProblem(check.error.message) };
  }
  if (check.error) return { state: "unknown", message: check.error.message };
  return { state: "valid" };
}
