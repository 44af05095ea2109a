import { asc, eq, getTableColumns, sql } from "drizzle-orm";
import { evaluationRecord, voteRecord } from "../audit/entries";
import { deferInsert, noteAuditRecord } from "../audit/pending";
import type { Caller } from "../auth/caller";
import type { Tx } from "../db/client";
import {
  type ActivityRow,
  activities,
  policyEvaluations,
  type VoteRow,
  votes,
  webhookEndpoints,
} from "../db/schema";
import { newId } from "../ids";
import { renderUsersJson, usersJson } from "../users/render";
import { emitActivityStatus } from "../webhooks/domain-events";
import { votersRead, votersToRead } from "./status-voters";

export const STATUS = {
  created: "ACTIVITY_STATUS_CREATED",
  completed: "ACTIVITY_STATUS_COMPLETED",
  consensus: "ACTIVITY_STATUS_CONSENSUS_NEEDED",
  failed: "ACTIVITY_STATUS_FAILED",
  rejected: "ACTIVITY_STATUS_REJECTED",
  /** Held by the submitter's MFA policy until they authenticate further (server/mfa/gate.ts). */
  authenticators: "ACTIVITY_STATUS_AUTHENTICATORS_NEEDED",
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
  return (await insertVote(tx, activity, caller, rawBody, approve, now)).id;
}

/** recordVote, answering the stored row (for rendering without reading it back). */
export async function insertVote(
  tx: Tx,
  activity: ActivityRow,
  caller: Caller,
  rawBody: string,
  approve: boolean,
  now: Date,
): Promise<VoteRow> {
  const [row] = await tx
    .insert(votes)
    .values({
      id: newId(now.getTime()),
      activityId: activity.id,
      organizationId: activity.organizationId,
      userId: caller.user.id,
      selection: approve ? "VOTE_SELECTION_APPROVED" : "VOTE_SELECTION_REJECTED",
      message: rawBody,
      publicKey: caller.credential.publicKey,
      signature: caller.stamp.signature,
      scheme: caller.stamp.scheme,
      createdAt: now,
    })
    .returning();
  // The stamp header is kept in the trail (votes keep only its signature), so it can be re-verified.
  noteAuditRecord(
    tx,
    voteRecord({
      ...row!,
      stampKind: caller.stamp.kind,
      stamp: caller.stamp.header,
      credential: caller.credential,
    }),
  );
  return row!;
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
  const values = {
    id: newId(now.getTime()),
    activityId: activity.id,
    organizationId: activity.organizationId,
    voteId: round.voteId,
    policyEvaluations: round.evaluations,
    outcome: round.outcome,
    decidingPolicyIds: round.decidingPolicyIds,
    createdAt: now,
  };
  // Nothing reads a round back before the commit: its insert rides in the audit append's statement.
  deferInsert(tx, tx.insert(policyEvaluations).values(values), evaluationRecord(values));
}

export async function setStatus(tx: Tx, id: string, values: Partial<ActivityRow>): Promise<ActivityRow> {
  // Whether the organization has an active webhook endpoint comes back with the update itself (same
  // statement, same snapshot): most have none, and then telling them costs no further round trip.
  // So do a submission's voters, when it asked for them (status-voters.ts).
  const voters = votersToRead(tx);
  const [updated] = await tx
    .update(activities)
    .set(values)
    .where(eq(activities.id, id))
    .returning({
      ...getTableColumns(activities),
      listened: sql<boolean>`exists (select 1 from ${webhookEndpoints} where ${webhookEndpoints.organizationId} = ${activities.organizationId} and ${webhookEndpoints.isActive})`,
      voters: voters ? usersJson(voters.organizationId, voters.userIds) : sql<null>`null`,
    });
  const { listened, voters: users, ...row } = updated!;
  if (voters) votersRead(tx, renderUsersJson(users ?? []));
  // A status change is a webhook event, committed with the change itself.
  if (values.status && listened) await emitActivityStatus(tx, row.updatedAt, row);
  return row;
}
