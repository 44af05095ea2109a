import { eq } from "drizzle-orm";
import type { AppContext } from "../context";
import type { Tx } from "../db/client";
import { type ActivityRow, organizations } from "../db/schema";
import { emailVoteNeeded } from "../notifications/vote-email";
import { notifyVoteNeeded } from "../notifications/vote-needed";
import { describeActivities } from "./describe";

/**
 * After a round that leaves `activity` waiting: its voters (root users, and the users pending
 * policies can count, as decide-and-record stored them on the row given) are told, with its summary,
 * in the dashboard and by e-mail.
 */
export async function notifyVoters(
  app: AppContext,
  tx: Tx,
  activity: ActivityRow,
  now: Date,
  afterCommit: (hook: () => void) => void,
): Promise<void> {
  const [organization] = await tx
    .select({ name: organizations.name, rootUserIds: organizations.rootUserIds })
    .from(organizations)
    .where(eq(organizations.id, activity.organizationId));
  const [description] = await describeActivities(
    tx,
    activity.organizationId,
    [activity],
    app.config.usdPrices,
  );
  const summary = description?.summary ?? activity.type;
  const written = await notifyVoteNeeded(tx, {
    organizationId: activity.organizationId,
    activityId: activity.id,
    eligibleUserIds: [...(organization?.rootUserIds ?? []), ...activity.policyVoterIds],
    summary,
    now,
  });
  await emailVoteNeeded(app, tx, {
    organizationId: activity.organizationId,
    organizationName: organization?.name ?? activity.organizationId,
    activityId: activity.id,
    summary,
    written,
    now,
    afterCommit,
  });
}
