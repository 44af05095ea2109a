import type { z } from "zod";
import { type TPolicy, type TPolicyParams, ZPolicyParams } from "@/lib/api/policies";

/**
 * The policy editor's form: create_policy's own schema, with the condition and consensus always
 * present (an empty text box is "" here, and left out of what is sent). Whether an expression
 * parses only the server knows: the editor asks it as they are typed (lib/queries/policy-expression).
 */
export const ZPolicyForm = ZPolicyParams.required({ condition: true, consensus: true });
/** The fields as typed, before they are checked or sent anywhere. */
export type PolicyDraft = z.input<typeof ZPolicyForm>;
export type TPolicyForm = z.output<typeof ZPolicyForm>;

export const EMPTY_DRAFT: PolicyDraft = {
  policyName: "",
  effect: "EFFECT_ALLOW",
  condition: "",
  consensus: "",
  notes: "",
};

export const draftOf = (policy: TPolicy): PolicyDraft => ({
  policyName: policy.policyName,
  effect: policy.effect,
  condition: policy.condition,
  consensus: policy.consensus,
  notes: policy.notes,
});

/** create_policy's parameters; an empty condition or consensus is left out (it always applies). */
export function createParams(draft: PolicyDraft): TPolicyParams {
  return {
    policyName: draft.policyName.trim(),
    effect: draft.effect,
    notes: draft.notes,
    ...(draft.condition.trim() ? { condition: draft.condition } : {}),
    ...(draft.consensus.trim() ? { consensus: draft.consensus } : {}),
  };
}

/**
 * update_policy's parameters: only the fields that differ from the stored policy, so the recorded
 * intent says what changed. An emptied condition or consensus is sent as "" (cleared).
 */
export function updateParams(policy: TPolicy, draft: PolicyDraft): Record<string, string> {
  const changes: Record<string, string> = {};
  if (draft.policyName.trim() !== policy.policyName) changes.policyName = draft.policyName.trim();
  if (draft.effect !== policy.effect) changes.policyEffect = draft.effect;
  if (draft.condition.trim() !== policy.condition) changes.policyCondition = draft.condition;
  if (draft.consensus.trim() !== policy.consensus) changes.policyConsensus = draft.consensus;
  if (draft.notes !== policy.notes) changes.policyNotes = draft.notes;
  return changes;
}

/** simulate_policies' `draft`: the edited policy as an update, a new one as an addition. */
export type SimulationDraft =
  | { add: TPolicyParams[] }
  | { update: Record<string, string>[] }
  | { remove: string[] };

export function simulationDraft(draft: PolicyDraft, policy?: TPolicy): SimulationDraft {
  if (policy) return { update: [{ policyId: policy.policyId, ...updateParams(policy, draft) }] };
  // A draft may be tested before it has a name; the server needs one to label its decisions.
  const params = createParams(draft);
  return { add: [{ ...params, policyName: params.policyName || "Unnamed draft" }] };
}
