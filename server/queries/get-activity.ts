import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { ZId } from "@/lib/api/common";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { renderActivity } from "../activities/view";
import { activities } from "../db/schema";
import { notFound } from "../errors";
import { defineQuery } from "./define";

export const getActivity = defineQuery({
  path: "get_activity",
  summary: "One activity of the organization, with its votes",
  request: z.object({ organizationId: ZId, activityId: ZId }),
  response: QUERY_RESPONSES.get_activity,
  async run({ app, organization, caller, now }, request) {
    const [row] = await app.db
      .select()
      .from(activities)
      .where(and(eq(activities.organizationId, organization.id), eq(activities.id, request.activityId)));
    if (!row) throw notFound("activity", request.activityId);
    return { activity: await renderActivity(app.db, row, caller, now) };
  },
});
