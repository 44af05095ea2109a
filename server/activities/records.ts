import { asc, eq } from "drizzle-orm";
import type { Caller } from "../auth/caller";
import type { Tx } from "../db/client";
import { type ActivityRow, activities, policyEvaluations, votes } from "../db/schema";
import { newId } from "../ids";

export const STATUS = {
  created: "ACTIVITY_STATUS_CREATED",
  completed: "ACTIVITY_STATUS_COMPLETED",
  consensus: "ACTIVITY_STATUS_CONSENSUS_NEEDED",
  failed: "ACTIVITY_STATUS_FAILED",
  rejected: "ACTIVITY_STATUS_REJECTED",
} as const;

/** Record the signed request that cast a vote: who, what they chose, and the stamp that proves it. */
export async function recordVote(
  tx: Tx,
  activity: ActivityRow,
  caller: Caller,
  rawBody: string,
  approve: boolean,
  now: Date,
): Promise<string> {
  const id = newId(now.getTime());
  await tx.insert(votes).values({
    id,
    activityId: activity.id,
    organizationId: activity.organizationId,
    userId: caller.user.id,
    selection: approve ? "VOTE_SELECTION_APPROVED" : "VOTE_SELECTION_REJECTED",
    message: rawBody,
    publicKey: caller.credential.publicKey,
    signature: caller.stamp.signature,
    scheme: caller.stamp.scheme,
    createdAt: now,
  });
  return id;
}

/** Users who approved the activity so far, the requester first. */
export async function approvingUsers(tx: Tx, activityId: string): Promise<string[]> {
  const rows = await tx.select().from(votes).where(eq(votes.activityId, activityId)).orderBy(asc(votes.id));
  return rows.filter((v) => v.selection === "VOTE_SELECTION_APPROVED").map((v) => v.userId);
}

/** One evaluation round as get_policy_evaluations shows it, tied to the vote that caused it. */
export async function recordEvaluation(
  tx: Tx,
  activity: ActivityRow,
  round: {
    voteId: string;
    outcome: string;
    evaluations: { policyId?: string; outcome: string }[];
    decidingPolicyIds: string[];
  },
  now: Date,
): Promise<void> {
  await tx.insert(policyEvaluations).values({
    id: newId(now.getTime()),
    activityId: activity.id,
    organizationId: activity.organizationId,
    voteId: round.voteId,
    policyEvaluations: round.evaluations,
    outcome: round.outcome,
    decidingPolicyIds: round.decidingPolicyIds,
    createdAt: now,
  });
}

export async function setStatus(tx: Tx, id: string, values: Partial<ActivityRow>): Promise<ActivityRow> {
  const [row] = await tx.update(activities).set(values).where(eq(activities.id, id)).returning();
  return row!;
}
