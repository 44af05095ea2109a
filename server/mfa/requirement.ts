import { and, asc, eq } from "drizzle-orm";
import type { Caller } from "../auth/caller";
import type { DbOrTx } from "../db/client";
import { apiKeys, type MfaPolicyRow, mfaFactors, type OrganizationRow } from "../db/schema";
import { buildConditionContexts, UnreadableActivity } from "../policy/activity-context";
import { compilePolicy } from "../policy/compile";
import { evaluatePolicyExpression, PolicyEvaluationError } from "../policy/language";
import type { PolicyProfile } from "../policy/profile";
import { cachedMfaPolicies, type MfaPolicyCache } from "./policies";
import type { Presented } from "./progress";

export interface MfaSubject {
  /** The organization acted on, as read when the caller was resolved (its MFA policies' version). */
  organization: Pick<OrganizationRow, "id" | "mfaPoliciesVersion">;
  userId: string;
  activity: PolicyProfile;
  params: unknown;
}

/**
 * The user's first MFA policy, by order, whose condition holds for the activity. A condition that
 * cannot be evaluated for it (it reads what the activity lacks) does not apply, as a policy's would
 * not; an activity the engine cannot read at all is held by the first policy, failing closed.
 */
export async function matchingMfaPolicy(
  db: DbOrTx,
  cache: MfaPolicyCache,
  subject: MfaSubject,
): Promise<MfaPolicyRow | undefined> {
  const policies = await cachedMfaPolicies(db, cache, subject.organization, subject.userId);
  if (policies.length === 0) return undefined;
  let contexts: Awaited<ReturnType<typeof buildConditionContexts>>;
  try {
    contexts = await buildConditionContexts(db, {
      organizationId: subject.organization.id,
      activity: subject.activity,
      params: subject.params,
      requesterUserId: subject.userId,
      approverUserIds: [],
    });
  } catch (error) {
    if (error instanceof UnreadableActivity) return policies[0];
    throw error;
  }
  return policies.find((policy) => {
    const condition = compilePolicy({ ...policy, effect: "EFFECT_ALLOW", consensus: "" }).condition;
    return contexts.some((context) => {
      try {
        return !condition || evaluatePolicyExpression(condition, context) === true;
      } catch (error) {
        if (error instanceof PolicyEvaluationError) return false;
        throw error;
      }
    });
  });
}

/**
 * What the caller's stamp proves, as an MFA step names it: a passkey, an API key, or a session key;
 * a session key an otp_login or oauth_login issued presents that login's method, and SESSION too.
 */
export async function presentedBy(db: DbOrTx, caller: Caller): Promise<Presented> {
  const { credential } = caller;
  if (credential.kind === "WEBAUTHN") {
    return { type: "AUTHENTICATION_TYPE_PASSKEY", credentialId: credential.id, sessionProfileId: null };
  }
  if (credential.type === "CREDENTIAL_TYPE_READ_WRITE_SESSION_KEY_P256") {
    const [key] = await db
      .select({ profile: apiKeys.sessionProfileId, loginMethod: apiKeys.loginMethod })
      .from(apiKeys)
      .where(eq(apiKeys.id, credential.id));
    return {
      type: key?.loginMethod ?? "AUTHENTICATION_TYPE_SESSION",
      credentialId: credential.id,
      sessionProfileId: key?.profile ?? null,
    };
  }
  return { type: "AUTHENTICATION_TYPE_API_KEY", credentialId: credential.id, sessionProfileId: null };
}

/** The authentications a user has presented for an activity, oldest first. */
export async function presentedFor(db: DbOrTx, activityId: string, userId: string) {
  return db
    .select()
    .from(mfaFactors)
    .where(and(eq(mfaFactors.activityId, activityId), eq(mfaFactors.userId, userId)))
    .orderBy(asc(mfaFactors.createdAt), asc(mfaFactors.id));
}
