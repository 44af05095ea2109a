import { eq } from "drizzle-orm";
import type { Caller } from "../auth/caller";
import type { Tx } from "../db/client";
import { type ActivityRow, activities } from "../db/schema";
import { type Decision, decide } from "../policy/decide";
import { eligibleVoters } from "../policy/eligible-voters";
import { policyRound } from "../policy/round";
import type { ActivityDefinition } from "./define";
import { recordEvaluation } from "./records";

export interface DecisionRound {
  definition: ActivityDefinition;
  activity: ActivityRow;
  /** The activity's validated parameters. */
  params: unknown;
  /** Who submitted it (the decision is about their request, whoever cast the vote). */
  submitter: Caller;
  /** Users who have approved so far, the requester first. */
  approvals: string[];
  /** The vote that caused this round (the submission is the requester's own first vote). */
  voteId: string;
  now: Date;
}

const ROUND_OUTCOME = { execute: "OUTCOME_ALLOW", consensus: "OUTCOME_REQUIRES_CONSENSUS" } as const;

/**
 * One evaluation round, on submission and on every approval alike: decide, keep the round (every
 * policy's outcome and the decision, tied to its vote), and when the activity keeps waiting note
 * which non-root users a pending consensus can count, so they (and only they) may vote.
 */
export async function decideAndRecord(tx: Tx, input: DecisionRound): Promise<Decision> {
  const { definition, activity, submitter, approvals, now } = input;
  const organization = submitter.organization;
  const decision = await decide({
    // Policies see the canonical type: an older version the server still accepts (CREATE_USERS_V3
    // for V4, say) must not slip past a policy written for the current one.
    activity: definition,
    selfService: definition.selfService?.(input.params as never, submitter) ?? false,
    requester: { userId: submitter.user.id, isRoot: submitter.isRoot },
    organization,
    rootApprovals: approvals.filter((id) => organization.rootUserIds.includes(id)).length,
    round: () =>
      policyRound(tx, {
        organizationId: organization.id,
        activity: definition,
        params: input.params,
        requesterUserId: submitter.user.id,
        approverUserIds: approvals,
        activityId: activity.id,
      }),
  });
  await recordEvaluation(
    tx,
    activity,
    {
      voteId: input.voteId,
      outcome: decision.kind === "deny" ? decision.denial.outcome : ROUND_OUTCOME[decision.kind],
      evaluations: decision.round?.evaluations ?? [],
      decidingPolicyIds: decision.round?.deciding.map((p) => p.id) ?? [],
    },
    now,
  );
  if (decision.kind === "consensus" && decision.round) {
    const voters = await eligibleVoters(tx, organization.id, decision.round, approvals);
    await tx.update(activities).set({ policyVoterIds: voters }).where(eq(activities.id, activity.id));
  }
  return decision;
}
