import type { TVote } from "@/lib/api/activity";
import type { TPolicyEvaluation } from "@/lib/api/policies";
import { formatTimestamp } from "@/lib/client/format";
import { OutcomeBadge } from "../policies/outcome-badge";
import { PolicyLink } from "../policies/policy-link";

interface Props {
  round: TPolicyEvaluation;
  number: number;
  /** The vote that started this round (the request itself is the submitter's first vote). */
  vote: TVote | undefined;
  /** Current policies' names by id; a policy missing here has been deleted since. */
  names: Map<string, string> | undefined;
}

function voteText(number: number, vote: TVote | undefined): string {
  if (!vote) return "a vote no longer recorded";
  if (number === 1) return `requested by ${vote.user.userName}`;
  return `${vote.user.userName} ${vote.selection === "VOTE_SELECTION_APPROVED" ? "approved" : "rejected"}`;
}

/** One evaluation round: whose vote started it, when, and each policy's outcome. */
export function EvaluationRound({ round, number, vote, names }: Props) {
  return (
    <li className="grid gap-2 rounded-lg border border-border p-3" data-testid="policy-evaluation-round">
      <p className="text-sm">
        <span className="font-medium">Round {number}</span>{" "}
        <span data-testid="round-vote">· {voteText(number, vote)}</span>{" "}
        <span className="text-muted-foreground">· {formatTimestamp(vote?.createdAt ?? round.createdAt)}</span>
      </p>
      {round.policyEvaluations.length === 0 ? (
        <p className="text-sm text-muted-foreground">No policy applied.</p>
      ) : (
        <ul className="grid gap-1">
          {round.policyEvaluations.map((evaluation, i) => (
            <li
              // A rejection's entry names no policy: the vote decided, not a policy.
              key={evaluation.policyId ?? `vote-${i}`}
              className="flex items-center justify-between gap-4 text-sm"
              data-testid="policy-evaluation"
            >
              {evaluation.policyId ? (
                <PolicyLink
                  policyId={evaluation.policyId}
                  policyName={names?.get(evaluation.policyId)}
                  exists={names === undefined || names.has(evaluation.policyId)}
                />
              ) : (
                <span className="text-muted-foreground">The vote</span>
              )}
              <OutcomeBadge outcome={evaluation.outcome} />
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
