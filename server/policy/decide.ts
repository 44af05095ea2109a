import type { OrganizationRow } from "../db/schema";
import { ApiError, denied } from "../errors";
import type { CompiledPolicy } from "./compile";
import type { Round } from "./engine";

export type Decision =
  | { kind: "execute"; round?: Round }
  | { kind: "consensus"; round?: Round }
  | { kind: "deny"; error: ApiError; round?: Round };

/** Activities only the root quorum may take: no policy can grant them (the reference's list). */
export const ROOT_QUORUM_ONLY = new Set([
  "ACTIVITY_TYPE_UPDATE_ROOT_QUORUM",
  "ACTIVITY_TYPE_UPDATE_ORGANIZATION_NAME",
  "ACTIVITY_TYPE_SET_ORGANIZATION_FEATURE",
  "ACTIVITY_TYPE_REMOVE_ORGANIZATION_FEATURE",
]);

export interface DecisionInput {
  activityType: string;
  /** A user acting on their own credentials or sessions ("unless a policy says otherwise"). */
  selfService: boolean;
  requester: { userId: string; isRoot: boolean };
  organization: OrganizationRow;
  /** Root users who have approved so far (the requester included, when root). */
  rootApprovals: number;
  /** The policies' verdict, computed only when the root quorum alone does not decide. */
  round(): Promise<Round>;
}

const named = (policies: CompiledPolicy[]) => policies.map((p) => `${p.name} (${p.id})`).join(", ");

/**
 * Who decides, in the reference's order: the root quorum bypasses policies; then an explicit deny
 * wins; then an allowed activity runs (or, for a user managing their own credentials, runs unless
 * denied); then an allow waiting for its consensus, or a root user waiting for the quorum, waits;
 * everything else is implicitly denied.
 */
export async function decide(input: DecisionInput): Promise<Decision> {
  const { organization, requester, activityType } = input;
  if (input.rootApprovals >= organization.rootQuorumThreshold) return { kind: "execute" };
  if (ROOT_QUORUM_ONLY.has(activityType)) {
    if (requester.isRoot) return { kind: "consensus" };
    return {
      kind: "deny",
      error: denied(
        "POLICY_DENIED",
        `${activityType} denied for user ${requester.userId}: only the root quorum may take it; policies cannot grant it`,
        { outcome: "OUTCOME_DENY_IMPLICIT", policies: [] },
      ),
    };
  }
  const round = await input.round();
  if (round.outcome === "OUTCOME_DENY_EXPLICIT") {
    return {
      kind: "deny",
      round,
      error: denied(
        "POLICY_DENIED",
        `${activityType} denied for user ${requester.userId} by policy ${named(round.deciding)} (explicit deny)`,
        { outcome: "OUTCOME_DENY_EXPLICIT", policies: policyRefs(round.deciding) },
      ),
    };
  }
  if (round.outcome === "OUTCOME_ERROR") {
    return {
      kind: "deny",
      round,
      error: denied(
        "POLICY_DENIED",
        `${activityType} denied for user ${requester.userId}: the policy engine cannot read what it signs (${round.unreadable}), so no policy can allow it`,
        { outcome: "OUTCOME_ERROR", policies: [] },
      ),
    };
  }
  if (input.selfService || round.outcome === "OUTCOME_ALLOW") return { kind: "execute", round };
  if (round.outcome === "OUTCOME_REQUIRES_CONSENSUS" || requester.isRoot) return { kind: "consensus", round };
  return {
    kind: "deny",
    round,
    error: denied(
      "POLICY_DENIED",
      `${activityType} denied for user ${requester.userId}: no policy allows it (implicit deny)`,
      { outcome: "OUTCOME_DENY_IMPLICIT", policies: [] },
    ),
  };
}

function policyRefs(policies: CompiledPolicy[]) {
  return policies.map((p) => ({ policyId: p.id, policyName: p.name }));
}

/** Re-create the error a denied activity answered with, for an idempotent re-submission. */
export function errorFromFailure(failure: {
  message: string;
  details?: Record<string, unknown>[];
}): ApiError {
  const detail = failure.details?.[0] ?? {};
  const { "@type": _type, turnkeyErrorCode, ...extra } = detail as Record<string, unknown>;
  return new ApiError("PERMISSION_DENIED", String(turnkeyErrorCode ?? "POLICY_DENIED"), failure.message, {
    extra,
  });
}
