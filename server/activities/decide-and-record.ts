import { eq } from "drizzle-orm";
import type { Caller } from "../auth/caller";
import type { Tx } from "../db/client";
import { type ActivityRow, activities, type UserRow } from "../db/schema";
import type { OrganizationCaches } from "../organizations/caches";
import { organizationInterfaces } from "../policy/cached-interfaces";
import { organizationPolicies } from "../policy/cached-policies";
import type { ApprovingCredential } from "../policy/context/consensus";
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
  /** Set by the submission: its only approval is the submitter's own request (nothing to read back). */
  submission?: boolean;
  now: Date;
  /** The instance's caches: the organization's compiled policies for the version its row carries. */
  caches: OrganizationCaches;
  /** Called with the decision before anything of it is recorded; what it throws ends the round. */
  onDecided?(decision: Decision): void;
}

/**
 * The submission's approval as the round would read it back: the submitter (when a user of the
 * organization acted on; a parent's user acting on a sub-organization is no approver of it) and the
 * credential that signed the request.
 */
function submitterApproval(submitter: Caller): { approvers: UserRow[]; credentials: ApprovingCredential[] } {
  const { user, credential, stamp } = submitter;
  if (user.organizationId !== submitter.organization.id || user.deletedAt) {
    return { approvers: [], credentials: [] };
  }
  const passkey = credential.kind === "WEBAUTHN";
  return {
    approvers: [user],
    credentials: [
      {
        id: credential.id,
        userId: user.id,
        type: passkey ? "CREDENTIAL_TYPE_WEBAUTHN_AUTHENTICATOR" : credential.type,
        credentialId: passkey && stamp.kind === "WEBAUTHN" ? stamp.credentialId : "",
        publicKey: credential.publicKey,
      },
    ],
  };
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
    round: async () =>
      policyRound(tx, {
        organizationId: organization.id,
        policies: await organizationPolicies(tx, input.caches.policies, organization),
        activity: definition,
        params: input.params,
        requesterUserId: submitter.user.id,
        approverUserIds: approvals,
        activityId: activity.id,
        knownApprovals: input.submission ? submitterApproval(submitter) : undefined,
        contractInterfaces: () => organizationInterfaces(tx, input.caches.contractInterfaces, organization),
      }),
  });
  input.onDecided?.(decision);
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
