import { and, eq, inArray } from "drizzle-orm";
import { ZDescribeActivitiesRequest } from "@/lib/api/activity-summary";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { describeActivities } from "../activities/describe";
import { activities } from "../db/schema";
import { notFound } from "../errors";
import { defineQuery } from "./define";

export const describeActivitiesQuery = defineQuery({
  path: "describe_activities",
  summary:
    "Latchkey extension: for each activity, a one-line summary of its intent with the organization's " +
    "names, and what it signs decoded (Ethereum and Solana transactions, EIP-712, EIP-7702, raw payloads)",
  latchkeyExtension: true,
  request: ZDescribeActivitiesRequest,
  response: QUERY_RESPONSES.describe_activities,
  async run({ app, organization }, request) {
    const ids = [...new Set(request.activityIds)];
    const rows = await app.db
      .select({ id: activities.id, type: activities.type, intent: activities.intent })
      .from(activities)
      .where(and(eq(activities.organizationId, organization.id), inArray(activities.id, ids)));
    const missing = ids.find((id) => !rows.some((r) => r.id === id));
    if (missing) throw notFound("activity", missing);
    const byId = new Map(
      (await describeActivities(app.db, organization.id, rows, app.config.usdPrices)).map((d) => [
        d.activityId,
        d,
      ]),
    );
    return { descriptions: ids.map((id) => byId.get(id)!) };
  },
});
