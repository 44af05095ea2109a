"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import type { TPolicy } from "@/lib/api/policies";
import { query } from "@/lib/client/api";
import { useSession } from "@/lib/client/session-context";
import { useActivityMutation } from "./activity-mutation";
import { createParams, type SimulationDraft, type TPolicyForm, updateParams } from "./policy-draft";

/** The query key every policy change refreshes. */
export const POLICY_LIST = "policies";

/**
 * Every policy of the organization, oldest first. The detail page and the activity evaluations
 * look policies up in this list rather than with get_policy: a policy deleted a moment ago is then
 * simply absent, not a failed read.
 */
export function usePolicies() {
  const session = useSession();
  return useQuery({
    queryKey: [POLICY_LIST],
    queryFn: async () => (await query(session, "list_policies")).policies,
  });
}

/**
 * Save the editor's draft, signed by the passkey: create_policy for a new policy, update_policy
 * (only the changed fields) for an existing one.
 */
export function useSavePolicy(policy?: TPolicy) {
  const create = useActivityMutation<TPolicyForm>("create_policy", (draft) => ({ ...createParams(draft) }), [
    POLICY_LIST,
  ]);
  const update = useActivityMutation<TPolicyForm>(
    "update_policy",
    (draft) => ({ policyId: policy?.policyId, ...(policy ? updateParams(policy, draft) : {}) }),
    [POLICY_LIST],
  );
  return policy ? update : create;
}

export const useDeletePolicy = () =>
  useActivityMutation<string>("delete_policy", (policyId) => ({ policyId }), [POLICY_LIST]);

/** How many of the most recent activities "Test against history" replays. */
const HISTORY_WINDOW = "100";

/**
 * Replay recent activities through the policies as they would be with a draft applied: a read
 * stamped with the session key (nothing written, no passkey prompt), run when asked, hence a mutation.
 */
export function useSimulation() {
  const session = useSession();
  return useMutation({
    mutationFn: (draft: SimulationDraft) =>
      query(session, "simulate_policies", { draft, window: { limit: HISTORY_WINDOW } }),
  });
}
