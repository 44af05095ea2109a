"use client";

import { useQuery } from "@tanstack/react-query";
import type { TActivity } from "@/lib/api/activity";
import type { TPolicyEvaluation } from "@/lib/api/policies";
import { queryUnchecked } from "@/lib/client/api";
import { useSession } from "@/lib/client/session-context";

/**
 * The activity's evaluation rounds, oldest first. Each vote adds a round, so the key carries the
 * number of votes and the status: when the decision buttons store the voted activity, this asks again.
 */
export function usePolicyEvaluations(activity: TActivity) {
  const session = useSession();
  return useQuery({
    queryKey: ["policy-evaluations", activity.id, activity.votes.length, activity.status],
    queryFn: async () =>
      (
        await queryUnchecked<{ policyEvaluations: TPolicyEvaluation[] }>(session, "get_policy_evaluations", {
          activityId: activity.id,
        })
      ).policyEvaluations,
  });
}
