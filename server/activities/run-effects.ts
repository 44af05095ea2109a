import { assertNothingDeferred } from "../audit/pending";
import type { Caller } from "../auth/caller";
import type { AppContext } from "../context";
import type { Tx } from "../db/client";
import { isUniqueViolation } from "../db/database-error";
import type { ActivityRow } from "../db/schema";
import { InputError } from "../encoding/input-error";
import { ApiError, errorBody, invalid } from "../errors";
import { recordAppProofs } from "./app-proofs";
import type { ActivityDefinition } from "./define";
import { STATUS, setStatus, settleStatus } from "./records";

/**
 * Errors from below the activities that are still the caller's doing: the signer refusing an input
 * (a path, a format, a payload), or a unique index losing a race to a concurrent activity.
 */
function asApiError(error: unknown): unknown {
  if (error instanceof InputError) return invalid(error.message);
  if (isUniqueViolation(error)) {
    return new ApiError(
      "ALREADY_EXISTS",
      "CONFLICT",
      "a concurrent activity created the same record (name or derivation) first; read it, or retry with another",
    );
  }
  return error;
}

export interface Effects {
  definition: ActivityDefinition;
  activity: ActivityRow;
  /** Whose request runs: the submitter, also when a later vote completes the consensus. */
  submitter: Caller;
  now: Date;
  /** Collects the activity's after-commit hooks for whoever owns the transaction. */
  afterCommit(hook: () => void): void;
}

async function run(app: AppContext, tx: Tx, effects: Effects, endsWithAppend: boolean): Promise<object> {
  const { definition, activity, submitter, now, afterCommit } = effects;
  const result = await definition
    .execute(
      {
        app,
        tx,
        organization: submitter.organization,
        caller: submitter,
        activityId: activity.id,
        now,
        submittedAt: activity.createdAt,
        afterCommit,
        endsWithAppend,
      },
      definition.params.parse(activity.intent),
    )
    .catch((error: unknown) => {
      throw asApiError(error);
    });
  return definition.result.parse(result) as object;
}

/**
 * At submission the effects run in the activity's own transaction: an ApiError rolls everything
 * back and the client gets the 4xx with nothing recorded. The completed status is settled in the
 * transaction's audit append (settleStatus), which the submission makes next.
 */
export async function runEffects(app: AppContext, tx: Tx, effects: Effects): Promise<ActivityRow> {
  const result = await run(app, tx, effects, true);
  const done = settleStatus(tx, effects.activity, {
    status: STATUS.completed,
    result,
    updatedAt: effects.now,
  });
  await recordAppProofs(app, tx, done, effects.now);
  return done;
}

/**
 * On the approving vote the effects run in a savepoint: an ApiError there fails the activity (its
 * failure kept for everyone to read) while the vote that tried stays recorded.
 */
export async function runEffectsOnVote(
  app: AppContext,
  tx: Tx,
  effects: Effects,
  requestId: string,
): Promise<ActivityRow> {
  const { activity, now } = effects;
  try {
    const result = await tx.transaction(async (inner) => {
      const ran = await run(app, inner, effects, false);
      // No append ends a savepoint: a row left for one would be lost, so the vote fails instead.
      assertNothingDeferred(inner);
      return ran;
    });
    const done = await setStatus(tx, activity.id, { status: STATUS.completed, result, updatedAt: now });
    await recordAppProofs(app, tx, done, now);
    return done;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const failure = errorBody(error, requestId);
    return setStatus(tx, activity.id, { status: STATUS.failed, failure, updatedAt: now });
  }
}
