"use client";

import type { TActivity } from "@/lib/api/activity";
import { usePolicies } from "@/lib/queries/policies";
import { PolicyLink } from "../policies/policy-link";

interface PolicyRef {
  policyId: string;
  policyName: string;
}

/** The policies a denial names in its failure details (an explicit deny names the denying ones). */
export function decidingPolicies(activity: TActivity): PolicyRef[] {
  const policies = activity.failure?.details[0]?.policies;
  return Array.isArray(policies) ? (policies as PolicyRef[]) : [];
}

/** "Denied by": links to the deciding policies, or their recorded names if deleted since. */
export function DecidingPolicies({ activity }: { activity: TActivity }) {
  const current = usePolicies();
  const deciding = decidingPolicies(activity);
  if (deciding.length === 0) return null;
  return (
    <>
      <span className="text-muted-foreground">Denied by</span>
      <span className="flex flex-wrap gap-x-3" data-testid="deciding-policies">
        {deciding.map(({ policyId, policyName }) => (
          <PolicyLink
            key={policyId}
            policyId={policyId}
            policyName={policyName}
            exists={!current.data || current.data.some((p) => p.policyId === policyId)}
          />
        ))}
      </span>
    </>
  );
}
