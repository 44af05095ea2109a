import type { Caller } from "../auth/caller";
import type { DbOrTx } from "../db/client";
import { buildConditionContexts } from "../policy/activity-context";
import { requireWithinScope, sessionScopeOf } from "../sessions/profile-scope";
import type { ActivityDefinition } from "./define";

/**
 * A session started under a session profile may submit, and vote on, only what the profile's scope
 * allows: the scope is evaluated as a policy condition on the activity (activity.*, wallet.*,
 * eth.tx.* … as policies see it) before anything is recorded. A vote is judged on the activity it
 * decides, not on approve_activity itself: approving a transfer is as much power as submitting it.
 */
export async function enforceSessionScope(
  db: DbOrTx,
  input: {
    definition: ActivityDefinition;
    params: unknown;
    caller: Caller;
    organizationId: string;
    /** "submit" (the default), or "vote on" for approve_activity / reject_activity. */
    verb?: "submit" | "vote on";
    activityId?: string;
  },
): Promise<void> {
  const { caller } = input;
  const profile = await sessionScopeOf(db, caller.credential);
  if (!profile) return;
  const target = input.activityId
    ? `${input.definition.path} (activity ${input.activityId})`
    : input.definition.path;
  await requireWithinScope(profile, `${input.verb ?? "submit"} ${target}`, () =>
    buildConditionContexts(db, {
      organizationId: input.organizationId,
      activity: input.definition,
      params: input.params,
      requesterUserId: caller.user.id,
      approverUserIds: [caller.user.id],
    }),
  );
}
