"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TActivity } from "@/lib/api/activity";
import { fetchActivityTypes, RECORDED_ACTIVITY_TYPES } from "@/lib/client/activity-types";
import { query, submit } from "@/lib/client/api";
import { useSession } from "@/lib/client/session-context";

/** Query keys: every list of activities starts with ACTIVITIES (each activity mutation refreshes them). */
export const ACTIVITIES = "activities";
/** One activity, which the decision buttons replace with the voted one. */
const ACTIVITY = "activity";
const POLICY_EVALUATIONS = "policy-evaluations";
/** Apart from ACTIVITIES: a new activity does not change which types exist. */
const ACTIVITY_TYPE_LIST = "activity-types";

export const PAGE_SIZE = 20;

/** The filters and cursor of the activities list, as the URL carries them. */
export interface ActivityListParams {
  status: string;
  type: string;
  before?: string;
  after?: string;
}

export interface ActivityPage {
  activities: TActivity[];
  hasNewer: boolean;
  hasOlder: boolean;
}

/**
 * One page of activities, newest first. It asks for one row more than it shows: that extra row
 * says whether a further page exists in the direction of travel. The cursor row itself proves
 * there is one in the other direction.
 */
export function useActivityPage({ status, type, before, after }: ActivityListParams) {
  const session = useSession();
  return useQuery({
    queryKey: [ACTIVITIES, "list", { status, type, before, after }],
    queryFn: async (): Promise<ActivityPage> => {
      const { activities } = await query(session, "list_activities", {
        ...(status ? { filterByStatus: [status] } : {}),
        ...(type ? { filterByType: [type] } : {}),
        paginationOptions: {
          limit: String(PAGE_SIZE + 1),
          ...(before ? { before } : {}),
          ...(after ? { after } : {}),
        },
      });
      const more = activities.length > PAGE_SIZE;
      if (after) {
        // Read towards newer rows: the extra one is the newest, at the top.
        return { activities: activities.slice(more ? 1 : 0), hasNewer: more, hasOlder: true };
      }
      return { activities: activities.slice(0, PAGE_SIZE), hasNewer: !!before, hasOlder: more };
    },
  });
}

/** The types the list can be filtered by: the shared list at once, older versions once the server says. */
export const useActivityTypes = () =>
  useQuery({
    queryKey: [ACTIVITY_TYPE_LIST],
    queryFn: fetchActivityTypes,
    placeholderData: RECORDED_ACTIVITY_TYPES,
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useActivity(activityId: string) {
  const session = useSession();
  return useQuery({
    queryKey: [ACTIVITY, activityId],
    queryFn: async () => (await query(session, "get_activity", { activityId })).activity,
  });
}

/**
 * The activity's evaluation rounds, oldest first. Each vote adds a round, so the key carries the
 * number of votes and the status: when the decision buttons store the voted activity, this asks again.
 */
export function usePolicyEvaluations(activity: TActivity) {
  const session = useSession();
  return useQuery({
    queryKey: [POLICY_EVALUATIONS, activity.id, activity.votes.length, activity.status],
    queryFn: async () =>
      (await query(session, "get_policy_evaluations", { activityId: activity.id })).policyEvaluations,
  });
}

const DECISIONS = { approve: "approve_activity", reject: "reject_activity" } as const;
export type TDecision = keyof typeof DECISIONS;

/**
 * Approve or reject, signed by the passkey itself (one prompt per decision). The answer is the
 * activity as the vote left it: shown at once, and the lists asked again.
 */
export function useDecision(activity: TActivity) {
  const session = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: TDecision) =>
      submit(
        session.organizationId,
        DECISIONS[decision],
        { fingerprint: activity.fingerprint },
        { passkey: true },
      ),
    onSuccess: (updated) => {
      queryClient.setQueryData([ACTIVITY, activity.id], updated);
      queryClient.invalidateQueries({ queryKey: [ACTIVITIES] });
    },
  });
}
