import type { OrganizationRow } from "../db/schema";
import type { CompiledPolicy } from "./compile";
import type { Round } from "./engine";
import type { PolicyProfile } from "./profile";

/** Why an activity may not run: what the policies concluded, who decided, in words for the user. */
export interface Denial {
  outcome: "OUTCOME_DENY_EXPLICIT" | "OUTCOME_DENY_IMPLICIT" | "OUTCOME_ERROR";
  /** The policies that denied it (explicit denies); empty when nothing allowed it. */
  policies: { id: string; name: string }[];
  reason: string;
}

export type Decision =
  | { kind: "execute"; round?: Round }
  | { kind: "consensus"; round?: Round }
  | { kind: "deny"; denial: Denial; round?: Round };

export interface DecisionInput {
  /** The activity's type as policies see it, and whether only the root quorum may take it. */
  activity: Pick<PolicyProfile, "type" | "rootQuorumOnly">;
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
 * wins; then an allowed activity runs; then an allow waiting for its consensus waits (a user's own
 * credentials included); a user managing their own credentials with no policy applying runs; a root
 * user waiting for the quorum waits;
 * everything else is implicitly denied.
 */
export async function decide(input: DecisionInput): Promise<Decision> {
  const { organization, requester, activity } = input;
  const who = `${activity.type} denied for user ${requester.userId}`;
  if (input.rootApprovals >= organization.rootQuorumThreshold) return { kind: "execute" };
  if (activity.rootQuorumOnly) {
    if (requester.isRoot) return { kind: "consensus" };
    const reason = `${who}: only the root quorum may take it; policies cannot grant it`;
    return { kind: "deny", denial: { outcome: "OUTCOME_DENY_IMPLICIT", policies: [], reason } };
  }
  const round = await input.round();
  if (round.outcome === "OUTCOME_DENY_EXPLICIT") {
    const reason = `${who} by policy ${named(round.deciding)} (explicit deny)`;
    const policies = round.deciding.map((p) => ({ id: p.id, name: p.name }));
    return { kind: "deny", round, denial: { outcome: "OUTCOME_DENY_EXPLICIT", policies, reason } };
  }
  if (round.outcome === "OUTCOME_ERROR") {
    const reason = `${who}: the policy engine cannot read what it signs (${round.unreadable}), so no policy can allow it`;
    return { kind: "deny", round, denial: { outcome: "OUTCOME_ERROR", policies: [], reason } };
  }
  if (round.outcome === "OUTCOME_ALLOW") return { kind: "execute", round };
  // An allow policy that applies keeps its consensus even over a user's own credentials: an
  // organization may require approvals for adding API keys or passkeys.
  if (round.outcome === "OUTCOME_REQUIRES_CONSENSUS") return { kind: "consensus", round };
  if (input.selfService) return { kind: "execute", round };
  if (requester.isRoot) return { kind: "consensus", round };
  const reason = `${who}: no policy allows it (implicit deny)`;
  return { kind: "deny", round, denial: { outcome: "OUTCOME_DENY_IMPLICIT", policies: [], reason } };
}
