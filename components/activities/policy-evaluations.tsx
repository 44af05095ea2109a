"use client";

import type { TActivity } from "@/lib/api/activity";
import { usePolicyEvaluations } from "@/lib/queries/activities";
import { usePolicies } from "@/lib/queries/policies";
import { Alert } from "../ui/alert";
import { EvaluationRound } from "./evaluation-round";

/**
 * Why the activity stands where it does: every evaluation round (one per vote, the request
 * included), each policy's outcome in it. Policies are named from the current list.
 */
export function PolicyEvaluations({ activity }: { activity: TActivity }) {
  const rounds = usePolicyEvaluations(activity);
  const policies = usePolicies();
  const names = policies.data && new Map(policies.data.map((p) => [p.policyId, p.policyName]));
  const ready = rounds.data && (policies.data || policies.error);
  return (
    <section className="grid gap-2" aria-label="Policy evaluations">
      <h2 className="text-lg font-semibold">Policy evaluations</h2>
      {rounds.error && <Alert>{rounds.error.message}</Alert>}
      {policies.error && <Alert>Policy names could not be read: {policies.error.message}</Alert>}
      {!ready && !rounds.error && <p className="text-sm text-muted-foreground">Loading…</p>}
      {ready && rounds.data.length === 0 && (
        <p className="text-sm text-muted-foreground">
          None: policies were not consulted (root users&apos; approvals decide this activity).
        </p>
      )}
      {ready && rounds.data.length > 0 && (
        <ol className="grid gap-2">
          {rounds.data.map((round, i) => (
            <EvaluationRound
              key={round.id}
              round={round}
              number={i + 1}
              vote={activity.votes.find((v) => v.id === round.voteId)}
              names={names}
            />
          ))}
        </ol>
      )}
    </section>
  );
}
