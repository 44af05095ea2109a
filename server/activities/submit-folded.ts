import { type AfterCommit, appendAuditTrail, finishAfterCommit } from "../audit/append";
import { assertNothingDeferred } from "../audit/pending";
import type { AppContext } from "../context";
import { isUniqueViolation } from "../db/database-error";
import type { ActivityRow } from "../db/schema";
import { ApiError } from "../errors";
import { matchingMfaPolicy } from "../mfa/requirement";
import { rememberSignerSource } from "../sign-with/signer-source";
import { rememberListening } from "../webhooks/listening";
import { decideAndRecord } from "./decide-and-record";
import { noteSubmissionVote, submissionRecords } from "./insert-once";
import { asStored } from "./records";
import { runEffects } from "./run-effects";
import { takeVoters, wantVoters } from "./status-voters";
import type { Submission, Submitted } from "./submit";
import { renderActivity } from "./view";

/** Thrown inside the transaction when the submission needs its row recorded first: nothing was written. */
const NEEDS_THE_ROW_FIRST = new Error("the submission is recorded before it is decided");

/** A unique violation of the activities' fingerprint: the same signed body was recorded meanwhile. */
const fingerprintTaken = (error: unknown) => isUniqueViolation(error, "activities_fingerprint_idx");

/**
 * A submission that executes at once, recorded after it executes (a signature, or an activity
 * that only inserts rows of its own: define.ts's recordedAfterExecution): decided and executed
 * first, then the activity (completed, with its result), its vote, its evaluation round, its audit
 * entries and the chain head are written by one statement, which on PostgreSQL is also the COMMIT
 * (for a signature, with the caller's lookup that read its account ahead, two round trips in all;
 * create_users adds its inserts).
 *
 * The guarantees are those of the submission that records first (submit.ts): nothing is written
 * unless all of it is; the same signed body is one activity (the insert has no ON CONFLICT, so a
 * body recorded meanwhile fails the statement and nothing commits); and the answer is the row as
 * stored. Answers undefined, having written nothing, whenever the submission needs its row before
 * its append (a decision other than "execute", an MFA policy that may hold it, webhook endpoints
 * listening for its status), would write while signing (a signer other than a wallet
 * account with its own sealed key), was refused, or its body was recorded meanwhile (the rows its
 * execution inserted roll back with the failed statement): submit.ts then
 * takes the path that records first, which answers a recorded body with its activity.
 */
export async function submitFolded(
  app: AppContext,
  submission: Submission,
  now: Date,
): Promise<Submitted | undefined> {
  const { definition, caller, params, readAhead } = submission;
  const fold = definition.recordedAfterExecution;
  if (!fold || !readAhead || (fold !== true && !fold(params as never))) return undefined;
  if (readAhead.listening) return undefined;
  if (fold === true) {
    // Only a wallet account with its own sealed key signs without writing: an older account seals
    // its derived key at first use, a row lock taken before this path's fingerprint (the path that
    // records first takes them in the other order, and the two could deadlock on one body).
    const source = readAhead.source;
    if (source?.kind !== "WALLET_ACCOUNT" || !source.sealed.some((s) => s.id === source.walletAccountId)) {
      return undefined;
    }
  }
  const organizationId = submission.request.organizationId;
  const { activity, vote } = submissionRecords(submission, now);
  const created = {
    ...activity,
    intent: asStored(params),
    result: null,
    failure: null,
    policyVoterIds: [],
  } as ActivityRow;
  const committed: (() => void)[] = [];
  let afterCommit: AfterCommit | undefined;
  let outcome: { row: ActivityRow; voters: ReturnType<typeof takeVoters> };
  try {
    outcome = await app.db.transaction(async (tx) => {
      if (readAhead.source && readAhead.signWith !== undefined) {
        rememberSignerSource(tx, organizationId, readAhead.signWith, readAhead.source);
      }
      rememberListening(tx, false);
      noteSubmissionVote(tx, vote, caller);
      wantVoters(tx, organizationId, [vote.userId]);
      const mfa = { organization: caller.organization, userId: caller.user.id, activity: definition, params };
      if (await matchingMfaPolicy(tx, app.caches.mfaPolicies, mfa)) throw NEEDS_THE_ROW_FIRST;
      await decideAndRecord(tx, {
        definition,
        activity: created,
        params,
        submitter: caller,
        approvals: [caller.user.id],
        voteId: vote.id,
        submission: true,
        now,
        caches: app.caches,
        onDecided(decision) {
          if (decision.kind !== "execute") throw NEEDS_THE_ROW_FIRST;
        },
      });
      const done = await runEffects(app, tx, {
        definition,
        activity: created,
        submitter: caller,
        now,
        afterCommit: (hook) => committed.push(hook),
      });
      afterCommit = await appendAuditTrail(tx, done, now, {
        serverKey: app.serverKey,
        commits: true,
        records: { activity: done, vote },
      });
      assertNothingDeferred(tx);
      return { row: done, voters: takeVoters(tx) };
    });
  } catch (error) {
    // A refusal (an ApiError) is answered by the path that records first as well: for a body
    // recorded earlier it is the activity recorded, whatever this execution would say now (a
    // signer deleted since, say), and for a new body the same refusal, nothing written.
    if (error === NEEDS_THE_ROW_FIRST || fingerprintTaken(error) || error instanceof ApiError)
      return undefined;
    throw error;
  }
  await finishAfterCommit(app, afterCommit, outcome.row.id);
  for (const hook of committed) hook();
  app.metrics.activities.inc({ type: outcome.row.type, status: outcome.row.status });
  return { activity: await renderActivity(app.db, outcome.row, caller, now, [vote], outcome.voters) };
}
