import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { ZActivityStatus } from "@/lib/api/activity";
import { ZId, ZPagination } from "@/lib/api/common";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { renderActivities } from "../activities/view";
import { activities } from "../db/schema";
import { defineQuery } from "./define";
import { pageOf } from "./paginate";

export const listActivities = defineQuery({
  path: "list_activities",
  summary: "The organization's activities, newest first, filtered by status and type",
  request: z.object({
    organizationId: ZId,
    filterByStatus: z.array(ZActivityStatus).max(10).optional(),
    filterByType: z
      .array(z.string().regex(/^ACTIVITY_TYPE_[A-Z0-9_]+$/, "must be an ACTIVITY_TYPE_ value"))
      .max(50)
      .optional(),
    paginationOptions: ZPagination,
  }),
  response: QUERY_RESPONSES.list_activities,
  async run({ app, organization, caller, now }, request) {
    const page = pageOf(activities.id, request.paginationOptions, "newest-first");
    const rows = await app.db
      .select()
      .from(activities)
      .where(
        and(
          eq(activities.organizationId, organization.id),
          request.filterByStatus?.length ? inArray(activities.status, request.filterByStatus) : undefined,
          request.filterByType?.length ? inArray(activities.type, request.filterByType) : undefined,
          page.where,
        ),
      )
      .orderBy(page.orderBy)
      .limit(page.limit);
    if (page.reverse) rows.reverse();
    return { activities: await renderActivities(app.db, rows, caller, now) };
  },
});
