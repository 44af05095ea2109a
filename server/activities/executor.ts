import { and, asc, eq } from "drizzle-orm";
import type { TActivity, TActivityRequest } from "@/lib/api/activity";
import type { Caller } from "../auth/caller";
import type { AppContext } from "../context";
import type { Tx } from "../db/client";
import { type ActivityRow, activities, type OrganizationRow, policyEvaluations, votes } from "../db/schema";
import { ApiError, errorBody, invalid } from "../errors";
import { newId } from "../ids";
import { type Decision, decide, errorFromFailure } from "../policy/decide";
import { eligibleVoters } from "../policy/eligible-voters";
import { policyRound } from "../policy/round";
import { SignerInputError } from "../signer/errors";
import { votingOpen } from "./consensus-window";
import type { ActivityDefinition } from "./define";
import { activityFingerprint } from "./fingerprint";
import { renderActivity } from "./view";

export interface Submission {
  definition: ActivityDefinition;
  rawBody: string;
  request: TActivityRequest;
  params: unknown;
  caller: Caller;
  requestId: string;
}

const STATUS = {
  completed: "ACTIVITY_STATUS_COMPLETED",
  consensus: "ACTIVITY_STATUS_CONSENSUS_NEEDED",
  failed: "ACTIVITY_STATUS_FAILED",
  rejected: "ACTIVITY_STATUS_REJECTED",
} as const;

/** Record the signed request that cast a vote: who, what they chose, and the stamp that proves it. */
async function recordVote(
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
async function approvingUsers(tx: Tx, activityId: string): Promise<string[]> {
  const rows = await tx.select().from(votes).where(eq(votes.activityId, activityId)).orderBy(asc(votes.id));
  return rows.filter((v) => v.selection === "VOTE_SELECTION_APPROVED").map((v) => v.userId);
}

const ROUND_OUTCOME = { execute: "OUTCOME_ALLOW", consensus: "OUTCOME_REQUIRES_CONSENSUS" } as const;

/**
 * Keep the round: every policy's outcome and the decision, tied to the vote that caused it; and
 * note which non-root users a pending consensus can count, so they (and only they) may vote.
 */
async function recordEvaluation(
  tx: Tx,
  activity: ActivityRow,
  voteId: string,
  decision: Decision,
  /** Users who have approved so far (the requester first): who may still vote depends on them. */
  approvedSoFar: string[],
  now: Date,
): Promise<void> {
  const outcome =
    decision.kind === "deny"
      ? String((decision.error.extra as { outcome?: string }).outcome ?? "OUTCOME_DENY_IMPLICIT")
      : ROUND_OUTCOME[decision.kind];
  await insertEvaluation(
    tx,
    activity,
    voteId,
    outcome,
    decision.round?.evaluations ?? [],
    decision.round?.deciding.map((p) => p.id) ?? [],
    now,
  );
  if (decision.kind === "consensus" && decision.round) {
    const voters = await eligibleVoters(tx, activity.organizationId, decision.round, approvedSoFar);
    await tx.update(activities).set({ policyVoterIds: voters }).where(eq(activities.id, activity.id));
  }
}

async function insertEvaluation(
  tx: Tx,
  activity: ActivityRow,
  voteId: string,
  outcome: string,
  evaluations: { policyId?: string; outcome: string }[],
  decidingPolicyIds: string[],
  now: Date,
): Promise<void> {
  await tx.insert(policyEvaluations).values({
    id: newId(now.getTime()),
    activityId: activity.id,
    organizationId: activity.organizationId,
    voteId,
    policyEvaluations: evaluations,
    outcome,
    decidingPolicyIds,
    createdAt: now,
  });
}

async function setStatus(tx: Tx, id: string, values: Partial<ActivityRow>): Promise<ActivityRow> {
  const [row] = await tx.update(activities).set(values).where(eq(activities.id, id)).returning();
  return row!;
}

/**
 * Errors from below the API that are still the caller's doing: the signer refusing an input (a
 * path, a format, a payload), or a unique index losing a race to a concurrent activity.
 */
function asApiError(error: unknown): unknown {
  if (error instanceof SignerInputError) return invalid(error.message);
  if ((error as { code?: unknown })?.code === "23505") {
    return new ApiError(
      "ALREADY_EXISTS",
      "CONFLICT",
      "a concurrent activity created the same record (name or derivation) first; read it, or retry with another",
    );
  }
  return error;
}

/** Run the activity's effects inside a savepoint; an ApiError there fails the activity, not the vote. */
async function execute(
  app: AppContext,
  tx: Tx,
  definition: ActivityDefinition,
  row: ActivityRow,
  organization: OrganizationRow,
  caller: Caller,
  now: Date,
  options: { failSoftly: boolean; requestId: string },
): Promise<ActivityRow> {
  const run = async (inner: Tx) => {
    const result = await definition
      .execute(
        { app, tx: inner, organization, caller, activityId: row.id, now },
        definition.params.parse(row.intent),
      )
      .catch((error: unknown) => {
        throw asApiError(error);
      });
    return definition.result.parse(result);
  };
  if (!options.failSoftly) {
    const result = await run(tx);
    return setStatus(tx, row.id, { status: STATUS.completed, result: result as object, updatedAt: now });
  }
  try {
    const result = await tx.transaction(run);
    return setStatus(tx, row.id, { status: STATUS.completed, result: result as object, updatedAt: now });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const { details, ...rest } = errorBody(error, options.requestId);
    return setStatus(tx, row.id, { status: STATUS.failed, failure: { ...rest, details }, updatedAt: now });
  }
}

/**
 * Submit one activity: record it, decide, and execute — all in one transaction, so the row, its
 * vote and its effects commit together or not at all. The same signed body returns the same activity.
 */
export async function submitActivity(app: AppContext, submission: Submission): Promise<TActivity> {
  const { definition, rawBody, request, params, caller } = submission;
  const now = app.clock.now();
  const fingerprint = activityFingerprint(rawBody);
  const outcome = await app.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(activities)
      .values({
        id: newId(now.getTime()),
        organizationId: request.organizationId,
        type: request.type,
        status: "ACTIVITY_STATUS_CREATED",
        intent: params as object,
        fingerprint,
        requestBody: rawBody,
        stampKind: caller.stamp.kind,
        stamp: caller.stamp.header,
        callerUserId: caller.user.id,
        callerCredentialId: caller.credential.id,
        timestampMs: request.timestampMs,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: activities.fingerprint })
      .returning();
    if (!inserted) {
      const [existing] = await tx.select().from(activities).where(eq(activities.fingerprint, fingerprint));
      return { row: existing!, fresh: false };
    }
    const organization = caller.organization;
    const selfService = definition.selfService?.(params as never, caller) ?? false;
    // The requester's own approval is the first vote, and the first evaluation round is about it.
    const voteId = await recordVote(tx, inserted, caller, rawBody, true, now);
    const decision = await decide({
      // Policies see the canonical type: an older version the server still accepts (CREATE_USERS_V3
      // for V4, say) must not slip past a policy written for the current one.
      activityType: definition.type,
      selfService,
      requester: { userId: caller.user.id, isRoot: caller.isRoot },
      organization,
      rootApprovals: caller.isRoot ? 1 : 0,
      round: () =>
        policyRound(tx, {
          organizationId: organization.id,
          activityType: definition.type,
          params,
          requesterUserId: caller.user.id,
          approverUserIds: [caller.user.id],
          activityId: inserted.id,
        }),
    });
    await recordEvaluation(tx, inserted, voteId, decision, [caller.user.id], now);
    if (decision.kind === "deny") {
      const failure = errorBody(decision.error, submission.requestId);
      return {
        row: await setStatus(tx, inserted.id, { status: STATUS.failed, failure, updatedAt: now }),
        fresh: true,
      };
    }
    if (decision.kind === "consensus") {
      return {
        row: await setStatus(tx, inserted.id, { status: STATUS.consensus, updatedAt: now }),
        fresh: true,
      };
    }
    const row = await execute(app, tx, definition, inserted, organization, caller, now, {
      failSoftly: false,
      requestId: submission.requestId,
    });
    return { row, fresh: true };
  });
  if (outcome.fresh) app.metrics.activities.inc({ type: outcome.row.type, status: outcome.row.status });
  const failure = outcome.row.failure as { message: string; details?: Record<string, unknown>[] } | null;
  if (outcome.row.status === STATUS.failed && failure && outcome.row.result === null && isDenial(failure)) {
    throw errorFromFailure(failure);
  }
  return renderActivity(app.db, outcome.row, caller, now);
}

function isDenial(failure: { details?: Record<string, unknown>[] }): boolean {
  return failure.details?.[0]?.turnkeyErrorCode === "POLICY_DENIED";
}

export interface VoteRequest {
  fingerprint: string;
  approve: boolean;
  rawBody: string;
  caller: Caller;
  requestId: string;
  /** Resolves the activity type of the target to its definition, to execute it on approval. */
  definitionFor(type: string): ActivityDefinition | undefined;
  /** Rebuild the submitter as a Caller, for executing on their behalf. */
  submitterOf(tx: Tx, row: ActivityRow): Promise<Caller>;
}

/**
 * Approve or reject an activity awaiting consensus. The vote that completes the quorum executes
 * the activity in the same transaction; one rejection rejects it.
 */
export async function castVote(app: AppContext, vote: VoteRequest): Promise<TActivity> {
  const now = app.clock.now();
  const { caller } = vote;
  const row = await app.db.transaction(async (tx) => {
    const [target] = await tx
      .select()
      .from(activities)
      .where(
        and(
          eq(activities.fingerprint, vote.fingerprint),
          eq(activities.organizationId, caller.organization.id),
        ),
      )
      .for("update");
    if (!target) {
      throw new ApiError(
        "NOT_FOUND",
        "ACTIVITY_NOT_FOUND",
        `no activity with fingerprint ${vote.fingerprint} in organization ${caller.organization.id}`,
      );
    }
    const [previous] = await tx
      .select()
      .from(votes)
      .where(and(eq(votes.activityId, target.id), eq(votes.userId, caller.user.id)));
    if (previous) {
      if (previous.message === vote.rawBody) return target;
      throw new ApiError(
        "ALREADY_EXISTS",
        "VOTE_EXISTS",
        `user ${caller.user.id} already voted on activity ${target.id}`,
      );
    }
    if (target.status !== STATUS.consensus) {
      throw new ApiError(
        "FAILED_PRECONDITION",
        "ACTIVITY_NOT_PENDING",
        `activity ${target.id} is ${target.status}; only activities awaiting consensus take votes`,
      );
    }
    if (!caller.isRoot && !target.policyVoterIds.includes(caller.user.id)) {
      throw new ApiError(
        "PERMISSION_DENIED",
        "VOTE_NOT_ALLOWED",
        `user ${caller.user.id} is neither in the root quorum of organization ${caller.organization.id} ` +
          "nor an approver a pending policy's consensus counts, and cannot vote on this activity",
      );
    }
    if (!votingOpen(target.createdAt, now)) {
      const expired = new ApiError(
        "FAILED_PRECONDITION",
        "CONSENSUS_EXPIRED",
        `activity ${target.id} expired: consensus was not reached within 24 hours`,
      );
      const failure = errorBody(expired, vote.requestId);
      return setStatus(tx, target.id, { status: STATUS.failed, failure, updatedAt: now });
    }
    const voteId = await recordVote(tx, target, caller, vote.rawBody, vote.approve, now);
    if (!vote.approve) {
      await insertEvaluation(
        tx,
        target,
        voteId,
        "OUTCOME_REJECTED",
        [{ outcome: "OUTCOME_REJECTED" }],
        [],
        now,
      );
      return setStatus(tx, target.id, { status: STATUS.rejected, updatedAt: now });
    }
    const organization = caller.organization;
    let submitter: Caller;
    try {
      submitter = await vote.submitterOf(tx, target);
    } catch (error) {
      // The submitter was deleted while the activity waited: the approval is kept, the activity
      // fails with the reason, and nothing runs on behalf of someone who is gone.
      if (!(error instanceof ApiError) || error.reason !== "SUBMITTER_DELETED") throw error;
      const failure = errorBody(error, vote.requestId);
      return setStatus(tx, target.id, { status: STATUS.failed, failure, updatedAt: now });
    }
    const definition = vote.definitionFor(target.type);
    if (!definition) throw new Error(`no definition for stored activity type ${target.type}`);
    const approvals = await approvingUsers(tx, target.id);
    const decision = await decide({
      activityType: definition.type,
      selfService:
        definition.selfService?.(definition.params.parse(target.intent) as never, submitter) ?? false,
      requester: { userId: submitter.user.id, isRoot: submitter.isRoot },
      organization,
      rootApprovals: approvals.filter((id) => organization.rootUserIds.includes(id)).length,
      round: () =>
        policyRound(tx, {
          organizationId: organization.id,
          activityType: definition.type,
          params: target.intent,
          requesterUserId: submitter.user.id,
          approverUserIds: approvals,
          activityId: target.id,
        }),
    });
    await recordEvaluation(tx, target, voteId, decision, approvals, now);
    if (decision.kind === "consensus") return setStatus(tx, target.id, { updatedAt: now });
    if (decision.kind === "deny") {
      const failure = errorBody(decision.error, vote.requestId);
      return setStatus(tx, target.id, { status: STATUS.failed, failure, updatedAt: now });
    }
    return execute(app, tx, definition, target, organization, submitter, now, {
      failSoftly: true,
      requestId: vote.requestId,
    });
  });
  app.metrics.activities.inc({ type: row.type, status: row.status });
  return renderActivity(app.db, row, caller, now);
}
