import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { users } from "../db/schema";
import { buildConditionContext } from "./activity-context";
import { type CompiledPolicy, compilePolicy } from "./compile";
import { consensusContext } from "./context/consensus";
import { evaluatePolicies, type Round } from "./engine";
import { loadPolicies } from "./store";

export interface RoundInput {
  organizationId: string;
  activityType: string;
  /** The activity's validated parameters (its intent). */
  params: unknown;
  requesterUserId: string;
  /** Users who have approved so far: the requester, then each approving voter. */
  approverUserIds: string[];
  /** The policies to evaluate; the organization's own when absent (a replay passes a draft set). */
  policies?: CompiledPolicy[];
}

/** Evaluate the organization's policies for one activity as it stands (one evaluation round). */
export async function policyRound(db: DbOrTx, input: RoundInput): Promise<Round> {
  const policies = input.policies ?? (await loadPolicies(db, input.organizationId)).map(compilePolicy);
  if (policies.length === 0) return { outcome: "OUTCOME_DENY_IMPLICIT", evaluations: [], deciding: [] };
  const [condition, approvers] = await Promise.all([
    buildConditionContext(db, input),
    input.approverUserIds.length === 0
      ? []
      : db
          .select()
          .from(users)
          .where(
            and(eq(users.organizationId, input.organizationId), inArray(users.id, input.approverUserIds)),
          ),
  ]);
  const consensus = consensusContext(
    approvers.map((u) => ({ id: u.id, tags: u.tagIds, email: u.email ?? "", name: u.name })),
    [],
  );
  return evaluatePolicies(policies, { condition, consensus });
}
