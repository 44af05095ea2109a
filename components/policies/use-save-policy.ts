"use client";

import type { TPolicy } from "@/lib/api/policies";
import { useActivityMutation } from "@/lib/queries/activity-mutation";
import { createParams, type PolicyDraft, updateParams } from "./policy-draft";
import { POLICY_LIST } from "./use-policies";

/**
 * Save the editor's draft, signed by the passkey: create_policy for a new policy, update_policy
 * (only the changed fields) for an existing one.
 */
export function useSavePolicy(policy?: TPolicy) {
  const create = useActivityMutation<PolicyDraft>("create_policy", (draft) => ({ ...createParams(draft) }), [
    POLICY_LIST,
  ]);
  const update = useActivityMutation<PolicyDraft>(
    "update_policy",
    (draft) => ({ policyId: policy?.policyId, ...(policy ? updateParams(policy, draft) : {}) }),
    [POLICY_LIST],
  );
  return policy ? update : create;
}
