import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import { toTimestamp, ZId } from "@/lib/api/common";
import type { TPolicyEvaluation } from "@/lib/api/policies";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { activities, policyEvaluations } from "../db/schema";
import { notFound } from "../errors";
import { defineQuery } from "./define";

export const getPolicyEvaluations = defineQuery({
  path: "get_policy_evaluations",
  summary: "Every evaluation round of one activity of the organization: each policy's outcome, per vote",
  request: z.object({ organizationId: ZId, activityId: ZId }),
  response: QUERY_RESPONSES.get_policy_evaluations,
  async run({ app, organization }, request) {
    const [activity] = await app.db
      .select({ id: activities.id })
      .from(activities)
      .where(and(eq(activities.organizationId, organization.id), eq(activities.id, request.activityId)));
    if (!activity) throw notFound("activity", request.activityId);
    const rows = await app.db
      .select()
      .from(policyEvaluations)
      .where(eq(policyEvaluations.activityId, activity.id))
      .orderBy(asc(policyEvaluations.createdAt), asc(policyEvaluations.id));
    return {
      policyEvaluations: rows.map(
        (row): TPolicyEvaluation => ({
          id: row.id,
          activityId: row.activityId,
          organizationId: row.organizationId,
          voteId: row.voteId,
          policyEvaluations: row.policyEvaluations as TPolicyEvaluation["policyEvaluations"],
          createdAt: toTimestamp(row.createdAt),
        }),
      ),
    };
  },
});
