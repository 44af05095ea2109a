import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { organizations, users } from "../db/schema";
import { consensusContext } from "./context/consensus";
import type { Round } from "./engine";
import { evaluatePolicyExpression, PolicyEvaluationError } from "./language";

/** More approvals than any consensus counts in practice: a probe, never a real approver list. */
const PROBE_COPIES = 64;

/**
 * Which non-root users a pending policy's consensus can count, i.e. "users named in the consensus
 * may approve". A user counts for a policy when either the consensus is met by enough approvals
 * that all look like them (`approvers.any(u, u.id == 'X')` names X, `approvers.filter(u,
 * u.tags.contains('admin')).count() >= 2` names every admin, `approvers.count() >= 2` anyone), or
 * the whole organization approving meets it and the whole organization but them does not (`X and
 * Y must both approve` names X and Y), or their approval added to those given so far would meet it
 * (`approvers.any(u, u.id == 'X') && approvers.count() >= 2` once X asked: anyone may be second).
 * Only the policies that left the activity waiting are asked.
 */
export async function eligibleVoters(
  db: DbOrTx,
  organizationId: string,
  round: Round,
  approvedSoFar: readonly string[],
): Promise<string[]> {
  const pending = round.deciding.filter((p) => p.consensus);
  if (pending.length === 0) return [];
  const [organization] = await db.select().from(organizations).where(eq(organizations.id, organizationId));
  const members = await db
    .select()
    .from(users)
    .where(and(eq(users.organizationId, organizationId), isNull(users.deletedAt)));
  type Approver = { id: string; tags: string[]; email: string; name: string };
  const everyone: Approver[] = members.map((u) => ({
    id: u.id,
    tags: u.tagIds,
    email: u.email ?? "",
    name: u.name,
  }));
  const met = (approvers: Approver[]) =>
    pending.some((policy) => {
      try {
        return evaluatePolicyExpression(policy.consensus!, consensusContext(approvers, []));
      } catch (error) {
        if (error instanceof PolicyEvaluationError) return false;
        throw error;
      }
    });
  const nobody: Approver = { id: "", tags: [], email: "", name: "" };
  const anyoneCounts = met(Array.from({ length: PROBE_COPIES }, () => nobody));
  const allMeet = met(everyone);
  const current = everyone.filter((u) => approvedSoFar.includes(u.id));
  return everyone
    .filter((u) => !organization?.rootUserIds.includes(u.id))
    .filter(
      (u) =>
        anyoneCounts ||
        met(Array.from({ length: PROBE_COPIES }, () => u)) ||
        met([...current, u]) ||
        (allMeet && !met(everyone.filter((other) => other.id !== u.id))),
    )
    .map((u) => u.id);
}
