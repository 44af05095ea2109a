import { and, asc, eq } from "drizzle-orm";
import { ZGetMfaStatusRequest } from "@/lib/api/mfa";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { activities, mfaFactors, mfaPolicies } from "../db/schema";
import { notFound } from "../errors";
import { mfaProgress } from "../mfa/progress";
import { defineQuery } from "./define";

/**
 * get_mfa_status: for each user an MFA policy holds the activity for, which of the policy's steps
 * are met and what it requires; an empty list when none does.
 */
export const getMfaStatus = defineQuery({
  path: "get_mfa_status",
  summary: "Which further authentications an activity still waits for, per user",
  request: ZGetMfaStatusRequest,
  response: QUERY_RESPONSES.get_mfa_status,
  run: async ({ app, organization }, request) => {
    const [activity] = await app.db
      .select({ id: activities.id })
      .from(activities)
      .where(and(eq(activities.id, request.activityId), eq(activities.organizationId, organization.id)));
    if (!activity) throw notFound("activity", request.activityId);
    const factors = await app.db
      .select()
      .from(mfaFactors)
      .where(
        and(
          eq(mfaFactors.activityId, activity.id),
          request.userId ? eq(mfaFactors.userId, request.userId) : undefined,
        ),
      )
      .orderBy(asc(mfaFactors.createdAt), asc(mfaFactors.id));
    const held = new Map<string, { userId: string; policyId: string }>();
    for (const f of factors)
      held.set(`${f.userId} ${f.mfaPolicyId}`, { userId: f.userId, policyId: f.mfaPolicyId });
    const statuses = [];
    for (const { userId, policyId } of held.values()) {
      const [policy] = await app.db.select().from(mfaPolicies).where(eq(mfaPolicies.id, policyId));
      const steps = (policy?.requiredMethods ?? []) as Parameters<typeof mfaProgress>[0];
      const progress = mfaProgress(
        steps,
        factors.filter((f) => f.userId === userId),
      );
      statuses.push({ mfaPolicyId: policyId, userId, ...progress, requiredMethods: steps });
    }
    return { mfaStatuses: statuses };
  },
});
