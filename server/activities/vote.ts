import { and, eq } from "drizzle-orm";
import type { TActivity } from "@/lib/api/activity";
import { type AfterCommit, appendAuditTrail, finishAfterCommit } from "../audit/append";
import { type Caller, submitterOf } from "../auth/caller";
import type { AppContext } from "../context";
import type { Tx } from "../db/client";
import { type ActivityRow, activities, votes } from "../db/schema";
import { ApiError, errorBody } from "../errors";
import { presentFactor } from "../mfa/gate";
import { votingOpen } from "./consensus-window";
import { decideAndRecord } from "./decide-and-record";
import { denialError } from "./denial";
import { activityByType } from "./index";
import { notifyVoters } from "./notify-voters";
import { approvingUsers, recordEvaluation, recordVote, STATUS, setStatus } from "./records";
import { runEffectsOnVote } from "./run-effects";
import { enforceSessionScope } from "./session-scope";
import { renderActivity } from "./view";

export interface VoteRequest {
  fingerprint: string;
  approve: boolean;
  rawBody: string;
  caller: Caller;
  requestId: string;
}

/** The activity the vote is about, locked for the vote's transaction. */
async function lockTarget(tx: Tx, vote: VoteRequest): Promise<ActivityRow> {
  const { caller } = vote;
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
  return target;
}

/** Refuse a vote the caller may not cast; undefined when they may, the target when it is a replay. */
async function checkVoter(tx: Tx, target: ActivityRow, vote: VoteRequest): Promise<ActivityRow | undefined> {
  const { caller } = vote;
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
  return undefined;
}

/** A session under a profile votes only on activities its scope allows (judged as their submission). */
async function scopeVote(tx: Tx, target: ActivityRow, vote: VoteRequest): Promise<void> {
  const definition = activityByType(target.type);
  if (!definition) return;
  await enforceSessionScope(tx, {
    definition,
    params: definition.params.parse(target.intent),
    caller: vote.caller,
    organizationId: target.organizationId,
    verb: "vote on",
    activityId: target.id,
  });
}

/** Fail the activity with a reason everyone reading it will see; the vote itself is not an error. */
function fail(tx: Tx, target: ActivityRow, error: ApiError, vote: VoteRequest, now: Date) {
  return setStatus(tx, target.id, {
    status: STATUS.failed,
    failure: errorBody(error, vote.requestId),
    updatedAt: now,
  });
}

async function approve(
  app: AppContext,
  tx: Tx,
  target: ActivityRow,
  vote: VoteRequest,
  voteId: string,
  now: Date,
  afterCommit: (hook: () => void) => void,
) {
  const submitter = await submitterOf(tx, target, vote.caller.organization);
  if (submitter.deleted) {
    // The approval is kept; nothing runs on behalf of someone who is gone.
    const gone = new ApiError(
      "FAILED_PRECONDITION",
      "SUBMITTER_DELETED",
      `the user who submitted this activity (${submitter.userId}) has been deleted since; it cannot run on their behalf`,
    );
    return fail(tx, target, gone, vote, now);
  }
  const definition = activityByType(target.type);
  if (!definition) throw new Error(`no definition for stored activity type ${target.type}`);
  const decision = await decideAndRecord(tx, {
    definition,
    activity: target,
    params: definition.params.parse(target.intent),
    submitter: submitter.caller,
    approvals: await approvingUsers(tx, target.id),
    voteId,
    now,
    caches: app.caches,
  });
  if (decision.kind === "consensus") {
    // A round can widen who may vote (a policy now counts someone new): they are told too; the
    // unique index keeps those already told from a second message.
    // (The status is set too: an activity its submitter's MFA held reaches consensus only now.)
    const waiting = await setStatus(tx, target.id, { status: STATUS.consensus, updatedAt: now });
    await notifyVoters(app, tx, waiting, now, afterCommit);
    return waiting;
  }
  if (decision.kind === "deny") return fail(tx, target, denialError(decision.denial), vote, now);
  const effects = { definition, activity: target, submitter: submitter.caller, now, afterCommit };
  return runEffectsOnVote(app, tx, effects, vote.requestId);
}

/**
 * An approval of an activity its submitter's MFA policy holds: the submitter's further
 * authentication. Once the policy is met, the activity is decided as on submission.
 */
async function authenticate(
  app: AppContext,
  tx: Tx,
  target: ActivityRow,
  vote: VoteRequest,
  now: Date,
  afterCommit: (hook: () => void) => void,
) {
  if (!vote.approve) {
    throw new ApiError(
      "FAILED_PRECONDITION",
      "ACTIVITY_AUTHENTICATORS_NEEDED",
      `activity ${target.id} waits for its submitter's further authentication (approve_activity with another credential); it takes no rejections`,
    );
  }
  if (!votingOpen(target.createdAt, now)) {
    const expired = new ApiError(
      "FAILED_PRECONDITION",
      "AUTHENTICATION_EXPIRED",
      `activity ${target.id} expired: its submitter's further authentication did not arrive within 24 hours`,
    );
    return fail(tx, target, expired, vote, now);
  }
  if (!(await presentFactor(tx, target, vote.caller, vote.rawBody, now))) {
    return setStatus(tx, target.id, { updatedAt: now });
  }
  const [own] = await tx
    .select({ id: votes.id })
    .from(votes)
    .where(and(eq(votes.activityId, target.id), eq(votes.userId, target.callerUserId)));
  return approve(app, tx, target, vote, own!.id, now, afterCommit);
}

/**
 * Approve or reject an activity awaiting consensus. The vote that completes the quorum executes
 * the activity in the same transaction; one rejection rejects it.
 */
export async function castVote(app: AppContext, vote: VoteRequest): Promise<TActivity> {
  const now = app.clock.now();
  const committed: (() => void)[] = [];
  const afterCommit = (hook: () => void) => committed.push(hook);
  let checkpoint: AfterCommit | undefined;
  const row = await app.db.transaction(async (tx) => {
    const target = await lockTarget(tx, vote);
    const after = await cast(tx, target);
    // Last, and the commit itself: the organization's chain lock is held for this statement only.
    checkpoint = await appendAuditTrail(tx, after, now, {
      serverKey: app.serverKey,
      changed: after.status !== target.status,
      commits: true,
    });
    return after;
  });
  await finishAfterCommit(app, checkpoint, row.id);
  async function cast(tx: Tx, target: ActivityRow): Promise<ActivityRow> {
    if (target.status === STATUS.authenticators) return authenticate(app, tx, target, vote, now, afterCommit);
    const replayed = await checkVoter(tx, target, vote);
    if (replayed) return replayed;
    await scopeVote(tx, target, vote);
    if (!votingOpen(target.createdAt, now)) {
      const expired = new ApiError(
        "FAILED_PRECONDITION",
        "CONSENSUS_EXPIRED",
        `activity ${target.id} expired: consensus was not reached within 24 hours`,
      );
      return fail(tx, target, expired, vote, now);
    }
    const voteId = await recordVote(tx, target, vote.caller, vote.rawBody, vote.approve, now);
    if (vote.approve) return approve(app, tx, target, vote, voteId, now, afterCommit);
    const rejected = { voteId, outcome: "OUTCOME_REJECTED", evaluations: [{ outcome: "OUTCOME_REJECTED" }] };
    await recordEvaluation(tx, target, { ...rejected, decidingPolicyIds: [] }, now);
    return setStatus(tx, target.id, { status: STATUS.rejected, updatedAt: now });
  }
  // A hook of an activity whose savepoint rolled back may run too: hooks are nudges, never effects.
  for (const hook of committed) hook();
  app.metrics.activities.inc({ type: row.type, status: row.status });
  return renderActivity(app.db, row, vote.caller, now);
}
