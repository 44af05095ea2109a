import type { TOutcome } from "@/lib/api/policies";
import type { CompiledPolicy } from "./compile";
import { evaluatePolicyExpression, PolicyEvaluationError } from "./language";
import type { PolicyValue } from "./types";

export interface PolicyOutcome {
  policyId: string;
  outcome: TOutcome;
}

export type RoundOutcome =
  | "OUTCOME_ALLOW"
  | "OUTCOME_DENY_EXPLICIT"
  | "OUTCOME_DENY_IMPLICIT"
  | "OUTCOME_REQUIRES_CONSENSUS"
  /** The activity could not be described to the policies (see UnreadableActivity): fail closed. */
  | "OUTCOME_ERROR";

export interface Round {
  outcome: RoundOutcome;
  /** Every policy's outcome, in policy order: what get_policy_evaluations shows. */
  evaluations: PolicyOutcome[];
  /** The policies that decided the round (the denying ones, the allowing ones, or those awaiting consensus). */
  deciding: CompiledPolicy[];
  /** Why the round is OUTCOME_ERROR: what about the activity the engine could not read. */
  unreadable?: string;
}

type Verdict = "true" | "false" | "error";

function verdict(expression: CompiledPolicy["condition"], context: PolicyValue): Verdict {
  if (!expression) return "true";
  try {
    return evaluatePolicyExpression(expression, context) ? "true" : "false";
  } catch (error) {
    if (error instanceof PolicyEvaluationError) return "error";
    throw error;
  }
}

/**
 * One policy's outcome. A condition that cannot be evaluated (it reads a field this activity does
 * not have, say) is OUTCOME_ERROR and the policy takes no part: an erroring allow allows nothing,
 * an erroring deny denies nothing. A condition that is false is OUTCOME_DENY_IMPLICIT for that
 * policy: it did not allow the activity. Contexts are built to be complete for every activity that
 * names a wallet, account or key (however named), and an activity whose signed content cannot be
 * decoded never reaches here (UnreadableActivity fails the round closed), so "takes no part"
 * concerns only policies that read a namespace the activity truly lacks.
 */
function outcomeOf(policy: CompiledPolicy, condition: PolicyValue, consensus: PolicyValue): TOutcome {
  const applies = verdict(policy.condition, condition);
  if (applies === "error") return "OUTCOME_ERROR";
  if (applies === "false") return "OUTCOME_DENY_IMPLICIT";
  const approved = verdict(policy.consensus, consensus);
  if (approved === "error") return "OUTCOME_ERROR";
  // A deny's consensus says whose activities it denies (the reference's "deny deletes by users
  // tagged X": approvers.any(user, user.tags.contains('X'))); unmet, the deny does not apply.
  if (policy.effect === "EFFECT_DENY")
    return approved === "true" ? "OUTCOME_DENY_EXPLICIT" : "OUTCOME_DENY_IMPLICIT";
  return approved === "true" ? "OUTCOME_ALLOW" : "OUTCOME_REQUIRES_CONSENSUS";
}

/**
 * Evaluate every policy (no short-cut: the record shows them all), then decide in the reference's
 * order: an explicit deny wins; else an allow whose consensus is met; else an allow waiting for
 * consensus; else implicit deny.
 */
export function evaluatePolicies(
  policies: readonly CompiledPolicy[],
  contexts: { condition: PolicyValue; consensus: PolicyValue },
): Round {
  const evaluations = policies.map((policy) => ({
    policyId: policy.id,
    outcome: outcomeOf(policy, contexts.condition, contexts.consensus),
  }));
  const having = (outcome: TOutcome) => policies.filter((_, i) => evaluations[i]!.outcome === outcome);
  for (const [outcome, round] of [
    ["OUTCOME_DENY_EXPLICIT", "OUTCOME_DENY_EXPLICIT"],
    ["OUTCOME_ALLOW", "OUTCOME_ALLOW"],
    ["OUTCOME_REQUIRES_CONSENSUS", "OUTCOME_REQUIRES_CONSENSUS"],
  ] as const) {
    const deciding = having(outcome);
    if (deciding.length > 0) return { outcome: round, evaluations, deciding };
  }
  return { outcome: "OUTCOME_DENY_IMPLICIT", evaluations, deciding: [] };
}
