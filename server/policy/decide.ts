import { ApiError, denied } from "../api/errors";
import type { Caller } from "../auth/caller";
import type { OrganizationRow } from "../db/schema";

export type Decision = { kind: "execute" } | { kind: "consensus" } | { kind: "deny"; error: ApiError };

/**
 * Who may do what, until the policy engine decides for non-root users: a user acting on their own
 * credentials or sessions may; the root quorum may, once enough root users approve; everyone else
 * is implicitly denied.
 */
export function decideSubmission(input: {
  activityType: string;
  selfService: boolean;
  caller: Caller;
  organization: OrganizationRow;
  rootApprovals: number;
}): Decision {
  if (input.selfService) return { kind: "execute" };
  if (input.caller.isRoot) {
    return input.rootApprovals >= input.organization.rootQuorumThreshold
      ? { kind: "execute" }
      : { kind: "consensus" };
  }
  return {
    kind: "deny",
    error: denied(
      "POLICY_DENIED",
      `${input.activityType} denied for user ${input.caller.user.id}: no policy allows it (implicit deny); ` +
        "only root users may act until a policy grants this user access",
      { outcome: "OUTCOME_DENY_IMPLICIT", policies: [] },
    ),
  };
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
