import { and, eq, inArray, isNull } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { type UserRow, users } from "../db/schema";
import { buildConditionContexts, UnreadableActivity } from "./activity-context";
import { approvingCredentials } from "./approving-credentials";
import { combineRounds } from "./batch";
import type { ContractInterface } from "./cached-interfaces";
import { type CompiledPolicy, compilePolicy } from "./compile";
import { type ApprovingCredential, consensusContext } from "./context/consensus";
import { evaluatePolicies, type Round } from "./engine";
import type { PolicyProfile } from "./profile";
import { loadPolicies } from "./store";
import type { PolicyValue } from "./types";

export interface RoundInput {
  organizationId: string;
  /** What the engine knows of the activity's type: its definition. */
  activity: PolicyProfile;
  /** The activity's validated parameters (its intent). */
  params: unknown;
  requesterUserId: string;
  /** Users who have approved so far: the requester, then each approving voter. */
  approverUserIds: string[];
  /** The activity whose recorded approvals give `credentials` (absent: no credentials known). */
  activityId?: string;
  /** The policies to evaluate; the organization's own when absent (a replay passes a draft set). */
  policies?: readonly CompiledPolicy[];
  /**
   * The approvals when the caller already holds them: a submission's only approval is its own
   * request, by the live user it just resolved with the credential it just verified. Saves reading
   * back the vote it wrote and that user.
   */
  knownApprovals?: { approvers: UserRow[]; credentials: ApprovingCredential[] };
  /** The organization's smart contract interfaces, when the caller keeps them (read when absent). */
  contractInterfaces?: () => Promise<readonly ContractInterface[]>;
}

/** Evaluate the organization's policies for one activity as it stands (one evaluation round). */
export async function policyRound(db: DbOrTx, input: RoundInput): Promise<Round> {
  const policies = input.policies ?? (await loadPolicies(db, input.organizationId)).map(compilePolicy);
  if (policies.length === 0) return { outcome: "OUTCOME_DENY_IMPLICIT", evaluations: [], deciding: [] };
  let conditions: PolicyValue[];
  try {
    conditions = await buildConditionContexts(db, input);
  } catch (error) {
    if (!(error instanceof UnreadableActivity)) throw error;
    return {
      outcome: "OUTCOME_ERROR",
      evaluations: policies.map((policy) => ({ policyId: policy.id, outcome: "OUTCOME_ERROR" })),
      deciding: [],
      unreadable: error.message,
    };
  }
  // A user deleted since approving no longer counts: consensus is met by live users only.
  const known = input.knownApprovals;
  const approvers = known
    ? known.approvers
    : input.approverUserIds.length === 0
      ? []
      : await db
          .select()
          .from(users)
          .where(
            and(
              eq(users.organizationId, input.organizationId),
              inArray(users.id, input.approverUserIds),
              isNull(users.deletedAt),
            ),
          );
  const credentials = known
    ? known.credentials
    : input.activityId
      ? await approvingCredentials(
          db,
          input.activityId,
          approvers.map((u) => u.id),
        )
      : [];
  const consensus = consensusContext(
    approvers.map((u) => ({ id: u.id, tags: u.tagIds, email: u.email ?? "", name: u.name })),
    credentials,
  );
  return combineRounds(conditions.map((condition) => evaluatePolicies(policies, { condition, consensus })));
}
