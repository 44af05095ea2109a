import { eq } from "drizzle-orm";
import type { TActivity, TActivityRequest } from "@/lib/api/activity";
import type { Caller } from "../auth/caller";
import type { AppContext } from "../context";
import type { Tx } from "../db/client";
import { type ActivityRow, activities } from "../db/schema";
import { errorBody } from "../errors";
import { newId } from "../ids";
import type { Denial } from "../policy/decide";
import { decideAndRecord } from "./decide-and-record";
import type { ActivityDefinition } from "./define";
import { denialError, storedDenial } from "./denial";
import { activityFingerprint } from "./fingerprint";
import { recordVote, STATUS, setStatus } from "./records";
import { runEffects } from "./run-effects";
import { renderActivity } from "./view";

export interface Submission {
  definition: ActivityDefinition;
  rawBody: string;
  request: TActivityRequest;
  params: unknown;
  caller: Caller;
  requestId: string;
}

/** The activity as recorded, and the denial when policies refused it (the edge answers it with a 403). */
export interface Submitted {
  activity: TActivity;
  denial?: Denial;
}

/** Insert the activity once per signed body; the same body again finds the first one. */
async function insertOnce(
  tx: Tx,
  submission: Submission,
  now: Date,
): Promise<{ row: ActivityRow; fresh: boolean }> {
  const { request, caller, rawBody } = submission;
  const fingerprint = activityFingerprint(rawBody);
  const [inserted] = await tx
    .insert(activities)
    .values({
      id: newId(now.getTime()),
      organizationId: request.organizationId,
      type: request.type,
      status: STATUS.created,
      intent: submission.params as object,
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
  if (inserted) return { row: inserted, fresh: true };
  const [existing] = await tx.select().from(activities).where(eq(activities.fingerprint, fingerprint));
  return { row: existing!, fresh: false };
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
  const committed: (() => void)[] = [];
  const outcome = await app.db.transaction(async (tx) => {
    const { row, fresh } = await insertOnce(tx, submission, now);
    if (!fresh) return { row, fresh, denial: storedDenial(row.failure) };
    // The requester's own approval is the first vote, and the first evaluation round is about it.
    const voteId = await recordVote(tx, row, caller, submission.rawBody, true, now);
    const decision = await decideAndRecord(tx, {
      definition,
      activity: row,
      params,
      submitter: caller,
      approvals: [caller.user.id],
      voteId,
      now,
    });
    if (decision.kind === "deny") {
      const failure = errorBody(denialError(decision.denial), submission.requestId);
      const denied = await setStatus(tx, row.id, { status: STATUS.failed, failure, updatedAt: now });
      return { row: denied, fresh, denial: decision.denial };
    }
    if (decision.kind === "consensus") {
      return { row: await setStatus(tx, row.id, { status: STATUS.consensus, updatedAt: now }), fresh };
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
  });
  for (const hook of committed) hook();
  if (outcome.fresh) app.metrics.activities.inc({ type: outcome.row.type, status: outcome.row.status });
  return { activity: await renderActivity(app.db, outcome.row, caller, now), denial: outcome.denial };
}
