import { and, eq } from "drizzle-orm";
import type { Caller } from "../auth/caller";
import type { Tx } from "../db/client";
import { type ActivityRow, mfaFactors, mfaPolicies } from "../db/schema";
import { ApiError } from "../errors";
import { newId } from "../ids";
import type { PolicyProfile } from "../policy/profile";
import type { MfaPolicyCache } from "./policies";
import { mfaProgress } from "./progress";
import { matchingMfaPolicy, presentedBy, presentedFor } from "./requirement";

async function record(
  tx: Tx,
  activity: ActivityRow,
  caller: Caller,
  policyId: string,
  message: string,
  now: Date,
) {
  const presented = await presentedBy(tx, caller);
  const inserted = await tx
    .insert(mfaFactors)
    .values({
      id: newId(now.getTime()),
      activityId: activity.id,
      userId: caller.user.id,
      mfaPolicyId: policyId,
      ...presented,
      message,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: mfaFactors.id });
  return inserted.length === 1;
}

async function satisfied(tx: Tx, activity: ActivityRow, userId: string, policyId: string): Promise<boolean> {
  const [policy] = await tx.select().from(mfaPolicies).where(eq(mfaPolicies.id, policyId));
  // A policy deleted while its activity waited asks for nothing more.
  if (!policy) return true;
  return mfaProgress(policy.requiredMethods as never, await presentedFor(tx, activity.id, userId)).satisfied;
}

/**
 * At submission: whether one of the submitter's MFA policies holds the activity until further
 * authentications arrive. The submitting stamp is the first authentication presented.
 */
export async function holdForMfa(
  tx: Tx,
  input: {
    activity: ActivityRow;
    definition: PolicyProfile;
    params: unknown;
    caller: Caller;
    rawBody: string;
    now: Date;
    cache: MfaPolicyCache;
  },
): Promise<boolean> {
  const { activity, caller } = input;
  const policy = await matchingMfaPolicy(tx, input.cache, {
    organization: caller.organization,
    userId: caller.user.id,
    activity: input.definition,
    params: input.params,
  });
  if (!policy) return false;
  await record(tx, activity, caller, policy.id, input.rawBody, input.now);
  return !(await satisfied(tx, activity, caller.user.id, policy.id));
}

/**
 * An approve_activity of a held activity by its submitter, stamped with another credential: one
 * more authentication. Returns whether the policy is now satisfied. The same credential twice is
 * refused (a second look at one key proves nothing new); the same signed request again changes nothing.
 */
export async function presentFactor(
  tx: Tx,
  activity: ActivityRow,
  caller: Caller,
  rawBody: string,
  now: Date,
): Promise<boolean> {
  if (caller.user.id !== activity.callerUserId) {
    throw new ApiError(
      "FAILED_PRECONDITION",
      "ACTIVITY_AUTHENTICATORS_NEEDED",
      `activity ${activity.id} waits for further authentication by the user who submitted it (${activity.callerUserId}); votes are taken once that is done`,
    );
  }
  const [first] = await tx
    .select({ policyId: mfaFactors.mfaPolicyId })
    .from(mfaFactors)
    .where(and(eq(mfaFactors.activityId, activity.id), eq(mfaFactors.userId, caller.user.id)))
    .limit(1);
  const policyId = first!.policyId;
  const fresh = await record(tx, activity, caller, policyId, rawBody, now);
  if (!fresh) {
    const [again] = await tx
      .select({ id: mfaFactors.id })
      .from(mfaFactors)
      .where(and(eq(mfaFactors.activityId, activity.id), eq(mfaFactors.message, rawBody)));
    if (!again) {
      throw new ApiError(
        "ALREADY_EXISTS",
        "AUTHENTICATOR_ALREADY_USED",
        `credential ${caller.credential.id} already authenticated activity ${activity.id}; approve it with another of your credentials`,
      );
    }
  }
  return satisfied(tx, activity, caller.user.id, policyId);
}
