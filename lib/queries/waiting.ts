"use client";

import { useQuery } from "@tanstack/react-query";
import type { TActivity } from "@/lib/api/activity";
import type { TActivityDescription } from "@/lib/api/activity-summary";
import { query } from "@/lib/client/api";
import { useSession } from "@/lib/client/session-context";
import { ACTIVITIES } from "./activities";

/** How often the count is read again: votes by others land without any event in this browser. */
const POLL_MS = 10_000;
/** The most waiting activities read at once (list_activities' page limit). */
const WAITING_LIMIT = 100;
/** The voting window (server/activities/consensus-window.ts): 24 hours after submission. */
export const VOTING_WINDOW_MS = 24 * 3600 * 1000;

/**
 * The activities awaiting the signed-in user's vote (canApprove or canReject for them), oldest
 * first. Under the ACTIVITIES key, so the user's own votes refresh it at once; polled for others'.
 */
export function useWaitingForYou() {
  const session = useSession();
  return useQuery({
    queryKey: [ACTIVITIES, "waiting-for-you"],
    queryFn: async (): Promise<TActivity[]> => {
      const { activities } = await query(session, "list_activities", {
        filterByStatus: ["ACTIVITY_STATUS_CONSENSUS_NEEDED"],
        paginationOptions: { limit: String(WAITING_LIMIT) },
      });
      return activities.filter((a) => a.canApprove || a.canReject).reverse();
    },
    refetchInterval: POLL_MS,
  });
}

/**
 * Summaries and decoded content (the describe_activities extension), by activity id. Keyed by the
 * sorted ids: a list and a detail page asking for the same activities share one read.
 */
export function useDescriptions(activityIds: readonly string[]) {
  const session = useSession();
  const ids = [...new Set(activityIds)].sort();
  return useQuery({
    queryKey: ["activity-descriptions", ids],
    enabled: ids.length > 0,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async (): Promise<Record<string, TActivityDescription>> => {
      const { descriptions } = await query(session, "describe_activities", { activityIds: ids });
      return Object.fromEntries(descriptions.map((d) => [d.activityId, d]));
    },
  });
}

/** "5 h 12 min left", "12 min left", "closed". */
export function timeLeft(createdAtMs: number, nowMs: number): string {
  const left = createdAtMs + VOTING_WINDOW_MS - nowMs;
  if (left <= 0) return "voting closed";
  const minutes = Math.floor(left / 60_000);
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours} h ${minutes % 60} min left` : `${minutes} min left`;
}
