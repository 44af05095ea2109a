import { and, desc, eq, gte, inArray, lte, type SQL } from "drizzle-orm";
import type { TOutcome } from "@/lib/api/policies";
import type { TSimulationResult } from "@/lib/api/simulation";
import type { Caller } from "../auth/caller";
import type { AppContext } from "../context";
import { type ActivityRow, activities, type OrganizationRow, policyEvaluations, votes } from "../db/schema";
import { BOOTSTRAP_ACTIVITY } from "../organizations/record-bootstrap";
import type { CompiledPolicy } from "../policy/compile";
import { type Decision, decide } from "../policy/decide";
import { policyRound } from "../policy/round";
import type { ActivityDefinition } from "./define";
import { activityByType } from "./index";

export interface SimulationWindow {
  since?: Date;
  until?: Date;
  limit: number;
}

/**
 * Replay the organization's recorded activities through `policies` (a draft set) with the votes
 * they actually received, and compare with what was decided. Contexts are built from today's
 * state (a wallet deleted since reads as absent), which the response cannot hide; the README says so.
 */
export async function simulatePolicies(
  app: AppContext,
  organization: OrganizationRow,
  policies: CompiledPolicy[],
  window: SimulationWindow,
): Promise<TSimulationResult[]> {
  const where: SQL[] = [eq(activities.organizationId, organization.id)];
  if (window.since) where.push(gte(activities.createdAt, window.since));
  if (window.until) where.push(lte(activities.createdAt, window.until));
  const rows = (
    await app.db
      .select()
      .from(activities)
      .where(and(...where))
      .orderBy(desc(activities.id))
      .limit(window.limit + 1)
  ).filter((r) => r.type !== BOOTSTRAP_ACTIVITY.type);
  const ids = rows.map((r) => r.id);
  const [allVotes, rounds] = ids.length
    ? await Promise.all([
        app.db.select().from(votes).where(inArray(votes.activityId, ids)).orderBy(votes.id),
        app.db
          .select()
          .from(policyEvaluations)
          .where(inArray(policyEvaluations.activityId, ids))
          .orderBy(policyEvaluations.id),
      ])
    : [[], []];
  const byId = new Map(policies.map((p) => [p.id, p]));
  const results: TSimulationResult[] = [];
  for (const row of rows.slice(0, window.limit)) {
    const approvals = allVotes.filter(
      (v) => v.activityId === row.id && v.selection === "VOTE_SELECTION_APPROVED",
    );
    const definition = activityByType(row.type);
    if (!definition) continue; // only the bootstrap record has no definition, and it is filtered out
    const decision = await replay(
      app,
      definition,
      organization,
      row,
      policies,
      approvals.map((v) => v.userId),
    );
    const recorded = recordedOutcome(row, rounds.filter((r) => r.activityId === row.id).at(-1)?.outcome);
    const simulated = outcomeOf(decision);
    results.push({
      activityId: row.id,
      type: row.type,
      createdAt: row.createdAt.toISOString(),
      status: row.status,
      recordedOutcome: recorded,
      simulatedOutcome: simulated,
      changed: recorded !== simulated,
      decidingPolicies: (decision.round?.deciding ?? []).map((p) => ({
        policyId: p.id,
        policyName: byId.get(p.id)?.name ?? p.name,
      })),
    });
  }
  return results;
}

async function replay(
  app: AppContext,
  definition: ActivityDefinition,
  organization: OrganizationRow,
  row: ActivityRow,
  policies: CompiledPolicy[],
  approverUserIds: string[],
): Promise<Decision> {
  const requester = { user: { id: row.callerUserId } } as Caller;
  let selfService = false;
  try {
    selfService = definition.selfService?.(definition.params.parse(row.intent) as never, requester) ?? false;
  } catch {
    // An intent that no longer parses takes no self-service shortcut.
  }
  return decide({
    activity: definition,
    selfService,
    requester: { userId: row.callerUserId, isRoot: organization.rootUserIds.includes(row.callerUserId) },
    organization,
    rootApprovals: approverUserIds.filter((id) => organization.rootUserIds.includes(id)).length,
    round: () =>
      policyRound(app.db, {
        organizationId: organization.id,
        activity: definition,
        params: row.intent,
        requesterUserId: row.callerUserId,
        approverUserIds,
        activityId: row.id,
        policies,
      }),
  });
}

function outcomeOf(decision: Decision): TOutcome {
  if (decision.kind === "execute") return "OUTCOME_ALLOW";
  if (decision.kind === "consensus") return "OUTCOME_REQUIRES_CONSENSUS";
  return decision.denial.outcome;
}

/** What was decided: the last evaluation round, or (for activities older than the engine) the status. */
function recordedOutcome(row: ActivityRow, lastRound: string | undefined): TOutcome {
  if (row.status === "ACTIVITY_STATUS_REJECTED") return "OUTCOME_REJECTED";
  if (lastRound) return lastRound as TOutcome;
  if (row.status === "ACTIVITY_STATUS_CONSENSUS_NEEDED") return "OUTCOME_REQUIRES_CONSENSUS";
  const failure = row.failure as { details?: { outcome?: TOutcome }[] } | null;
  return failure?.details?.[0]?.outcome ?? "OUTCOME_ALLOW";
}
