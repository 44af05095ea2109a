import { eq } from "drizzle-orm";
import type { TActivity, TActivityRequest } from "@/lib/api/activity";
import { type AfterCommit, appendAuditTrail, finishAfterCommit } from "../audit/append";
import { assertNothingDeferred } from "../audit/pending";
import type { Caller, SignerReadAhead } from "../auth/caller";
import type { AppContext } from "../context";
import type { Tx } from "../db/client";
import { activities, type VoteRow } from "../db/schema";
import { errorBody } from "../errors";
import { holdForMfa } from "../mfa/gate";
import type { Denial } from "../policy/decide";
import { decideAndRecord } from "./decide-and-record";
import type { ActivityDefinition } from "./define";
import { denialError, storedDenial } from "./denial";
import { activityFingerprint } from "./fingerprint";
import { insertOnce } from "./insert-once";
import { notifyVoters } from "./notify-voters";
import { STATUS, setStatus, settleStatus } from "./records";
import { runEffects } from "./run-effects";
import { enforceSessionScope } from "./session-scope";
import { takeVoters, wantVoters } from "./status-voters";
import { submitFolded } from "./submit-folded";
import { renderActivity } from "./view";

export interface Submission {
  definition: ActivityDefinition;
  rawBody: string;
  request: TActivityRequest;
  params: unknown;
  caller: Caller;
  requestId: string;
  /** The client's trusted address, for limits an activity keeps itself (init_otp per IP). */
  clientAddress?: string;
  /** What the caller's lookup read ahead for a signing activity (submit-folded.ts). */
  readAhead?: SignerReadAhead;
}

/** The activity as recorded, and the denial when policies refused it (the edge answers it with a 403). */
export interface Submitted {
  activity: TActivity;
  denial?: Denial;
}

/** The same signed body again is answered from its record: its admission checks ran the first time. */
async function alreadySubmitted(app: AppContext, rawBody: string): Promise<boolean> {
  const [row] = await app.db
    .select({ id: activities.id })
    .from(activities)
    .where(eq(activities.fingerprint, activityFingerprint(rawBody)));
  return row !== undefined;
}

/**
 * Submit one activity: record it, decide, and execute — all in one transaction, so the row, its
 * vote and its effects commit together or not at all. The same signed body returns the same activity.
 */
export async function submitActivity(app: AppContext, sent: Submission): Promise<Submitted> {
  const defaults = sent.definition.withCallerDefaults;
  const submission = defaults ? { ...sent, params: defaults(sent.params as never, sent.caller) } : sent;
  const { definition, caller, params } = submission;
  const now = app.clock.now();
  await enforceSessionScope(app.db, {
    definition,
    params,
    caller,
    organizationId: submission.request.organizationId,
  });
  if (
    definition.beforeTransaction &&
    (definition.needsBeforeTransaction?.(params as never) ?? true) &&
    !(await alreadySubmitted(app, submission.rawBody))
  ) {
    await definition.beforeTransaction(app, params as never, {
      organizationId: submission.request.organizationId,
      clientAddress: submission.clientAddress,
      now,
    });
  }
  // A signature that executes at once is recorded after it, in the statement that commits it.
  const folded = await submitFolded(app, submission, now);
  if (folded) return folded;
  const committed: (() => void)[] = [];
  // A fresh submission's only vote is the one it records: rendered without reading it back.
  const votes: VoteRow[] = [];
  let afterCommit: AfterCommit | undefined;
  const outcome = await app.db.transaction(async (tx) => {
    const recorded = await record(tx);
    // Last, and the commit itself: the organization's chain lock is held for this statement only.
    if (recorded.fresh) {
      afterCommit = await appendAuditTrail(tx, recorded.row, now, {
        serverKey: app.serverKey,
        commits: true,
      });
    }
    // The append took every deferred write when it began; a path without one must have none left.
    assertNothingDeferred(tx);
    return { ...recorded, voters: takeVoters(tx) };
  });
  await finishAfterCommit(app, afterCommit, outcome.row.id);
  async function record(tx: Tx) {
    const once = await insertOnce(tx, submission, now);
    const { row, fresh } = once;
    if (!once.fresh) return { row, fresh, denial: storedDenial(row.failure) };
    // The requester's own approval is the first vote, and the first evaluation round is about it.
    const vote = once.vote;
    votes.push(vote);
    // Its answer shows this vote's voter: read with the status update below, not after the commit.
    wantVoters(tx, row.organizationId, [vote.userId]);
    const voteId = vote.id;
    const decision = await decideAndRecord(tx, {
      definition,
      activity: row,
      params,
      submitter: caller,
      approvals: [caller.user.id],
      voteId,
      submission: true,
      now,
      caches: app.caches,
    });
    if (decision.kind === "deny") {
      const failure = errorBody(denialError(decision.denial), submission.requestId);
      const denied = settleStatus(tx, row, { status: STATUS.failed, failure, updatedAt: now });
      return { row: denied, fresh, denial: decision.denial };
    }
    const { rawBody } = submission;
    const mfa = { activity: row, definition, params, caller, rawBody, now, cache: app.caches.mfaPolicies };
    if (await holdForMfa(tx, mfa)) {
      return { row: await setStatus(tx, row.id, { status: STATUS.authenticators, updatedAt: now }), fresh };
    }
    if (decision.kind === "consensus") {
      const waiting = await setStatus(tx, row.id, { status: STATUS.consensus, updatedAt: now });
      await notifyVoters(app, tx, waiting, now, (hook) => committed.push(hook));
      return { row: waiting, fresh };
    }
    return {
      row: await runEffects(app, tx, {
        definition,
        activity: row,
        submitter: caller,
        now,
        afterCommit: (hook) => committed.push(hook),
      }),
      fresh,
    };
  }
  for (const hook of committed) hook();
  if (outcome.fresh) app.metrics.activities.inc({ type: outcome.row.type, status: outcome.row.status });
  const known = outcome.fresh ? votes : undefined;
  const activity = await renderActivity(app.db, outcome.row, caller, now, known, outcome.voters);
  return { activity, denial: outcome.denial };
}
