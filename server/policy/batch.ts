import type { TOutcome } from "@/lib/api/policies";
import type { CompiledPolicy } from "./compile";
import type { Round, RoundOutcome } from "./engine";

/**
 * One verdict for an activity that signs several transactions (the calls of an EIP-7702 batch), from
 * one round per transaction, each judged as if sent alone. A batch must not let a second call hide
 * behind the first, so it is as strict as its strictest call: an explicit deny of any call denies it,
 * any call that nothing allows leaves it implicitly denied, any call waiting for consensus makes it
 * wait, and it runs only when every call is allowed (not necessarily by the same policy).
 */
const STRICTEST_FIRST: RoundOutcome[] = [
  "OUTCOME_ERROR",
  "OUTCOME_DENY_EXPLICIT",
  "OUTCOME_DENY_IMPLICIT",
  "OUTCOME_REQUIRES_CONSENSUS",
  "OUTCOME_ALLOW",
];

/**
 * Each policy's recorded outcome over the batch: it denied it if it denied any call; an erroring
 * policy took no part; an allow allowed the batch only if it allowed every call.
 */
const POLICY_STRICTEST_FIRST: TOutcome[] = [
  "OUTCOME_DENY_EXPLICIT",
  "OUTCOME_ERROR",
  "OUTCOME_DENY_IMPLICIT",
  "OUTCOME_REQUIRES_CONSENSUS",
  "OUTCOME_ALLOW",
];

export function combineRounds(rounds: Round[]): Round {
  if (rounds.length === 1) return rounds[0]!;
  const outcome = STRICTEST_FIRST.find((o) => rounds.some((r) => r.outcome === o)) ?? "OUTCOME_DENY_IMPLICIT";
  const deciding = new Map<string, CompiledPolicy>();
  for (const round of rounds.filter((r) => r.outcome === outcome)) {
    for (const policy of round.deciding) deciding.set(policy.id, policy);
  }
  const evaluations = rounds[0]!.evaluations.map(({ policyId }, i) => ({
    policyId,
    outcome:
      POLICY_STRICTEST_FIRST.find((o) => rounds.some((r) => r.evaluations[i]!.outcome === o)) ??
      "OUTCOME_ERROR",
  }));
  const unreadable = rounds.find((r) => r.unreadable)?.unreadable;
  return { outcome, evaluations, deciding: [...deciding.values()], ...(unreadable ? { unreadable } : {}) };
}
