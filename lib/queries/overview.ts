"use client";

import { useQuery } from "@tanstack/react-query";
import type { TActivity } from "@/lib/api/activity";
import { timestampMs, windowStart } from "@/lib/client/activity-days";
import { query } from "@/lib/client/api";
import { useSession } from "@/lib/client/session-context";
import { ACTIVITIES } from "./activities";

/** How far back the overview looks, in days. */
export const OVERVIEW_DAYS = 30;
/** list_activities' largest page. */
const PAGE = 100;
/**
 * The most pages one overview reads (10,000 activities): beyond that the chart says it is partial
 * rather than keep a browser paging for long.
 */
const MAX_PAGES = 100;

export interface RecentActivities {
  activities: TActivity[];
  /** True when the window held more activities than were read. */
  partial: boolean;
}

/**
 * Every activity of the last OVERVIEW_DAYS days, read from list_activities newest first, page by
 * page, until a page reaches back past the window's start. The key starts with ACTIVITIES, so any
 * new activity or vote refreshes the overview too.
 */
export function useRecentActivities() {
  const session = useSession();
  return useQuery({
    queryKey: [ACTIVITIES, "overview", OVERVIEW_DAYS],
    queryFn: async (): Promise<RecentActivities> => {
      const start = windowStart(Date.now(), OVERVIEW_DAYS);
      const read: TActivity[] = [];
      for (let pages = 0; pages < MAX_PAGES; pages++) {
        const before = read.at(-1)?.id;
        const { activities } = await query(session, "list_activities", {
          paginationOptions: { limit: String(PAGE), ...(before ? { before } : {}) },
        });
        read.push(...activities);
        const oldest = activities.at(-1);
        if (activities.length < PAGE || !oldest || timestampMs(oldest.createdAt) < start) {
          return { activities: read.filter((a) => timestampMs(a.createdAt) >= start), partial: false };
        }
      }
      return { activities: read, partial: true };
    },
  });
}

/** The activities waiting for votes, newest first (at most a page of them; the count says "100+"). */
export function useWaitingActivities() {
  const session = useSession();
  return useQuery({
    queryKey: [ACTIVITIES, "waiting"],
    queryFn: async () =>
      (
        await query(session, "list_activities", {
          filterByStatus: ["ACTIVITY_STATUS_CONSENSUS_NEEDED"],
          paginationOptions: { limit: String(PAGE) },
        })
      ).activities,
  });
}

/** The few most recent failed activities: denials by a policy and execution failures alike. */
export function useRecentFailures(limit = 5) {
  const session = useSession();
  return useQuery({
    queryKey: [ACTIVITIES, "failures", limit],
    queryFn: async () =>
      (
        await query(session, "list_activities", {
          filterByStatus: ["ACTIVITY_STATUS_FAILED"],
          paginationOptions: { limit: String(limit) },
        })
      ).activities,
  });
}
