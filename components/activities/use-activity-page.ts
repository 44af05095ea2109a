"use client";

import { useQuery } from "@tanstack/react-query";
import type { TActivity } from "@/lib/api/activity";
import { queryUnchecked } from "@/lib/client/api";
import { useSession } from "@/lib/client/session-context";
import type { ActivityListParams } from "./use-list-params";

export const PAGE_SIZE = 20;

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
    queryKey: ["activities", "list", { status, type, before, after }],
    queryFn: async (): Promise<ActivityPage> => {
      const { activities } = await queryUnchecked<{ activities: TActivity[] }>(session, "list_activities", {
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
