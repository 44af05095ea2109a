import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Tx } from "../db/client";
import { notificationSettings, notifications, users, votes } from "../db/schema";
import { newId } from "../ids";

/** A notification row just written: its id and its user. */
export interface NewNotification {
  id: string;
  userId: string;
}

export interface VoteNeeded {
  organizationId: string;
  activityId: string;
  /** Root users and the users a pending policy can count (activities.policy_voter_ids). */
  eligibleUserIds: readonly string[];
  /** The activity's one-line summary: the message's whole content beside the link. */
  summary: string;
  now: Date;
}

/**
 * Tell every eligible voter who has not voted yet, and has not turned these off, that an activity
 * waits for them: one row each in `notifications`, inside the activity's own transaction (a message
 * exists exactly when the activity committed waiting). The dashboard lists these rows, and
 * `emailVoteNeeded` (./vote-email.ts) mails the rows this call inserted — rows a previous round
 * already wrote are not returned, so nobody is mailed twice for one activity.
 */
export async function notifyVoteNeeded(tx: Tx, input: VoteNeeded): Promise<NewNotification[]> {
  const candidates = [...new Set(input.eligibleUserIds)];
  if (candidates.length === 0) return [];
  const [live, voted, optedOut] = [
    await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.organizationId, input.organizationId),
          inArray(users.id, candidates),
          isNull(users.deletedAt),
        ),
      ),
    await tx.select({ id: votes.userId }).from(votes).where(eq(votes.activityId, input.activityId)),
    await tx
      .select({ id: notificationSettings.userId })
      .from(notificationSettings)
      .where(
        and(inArray(notificationSettings.userId, candidates), eq(notificationSettings.voteNeeded, false)),
      ),
  ];
  const skip = new Set([...voted, ...optedOut].map((r) => r.id));
  const recipients = live.map((r) => r.id).filter((id) => !skip.has(id));
  if (recipients.length === 0) return [];
  return tx
    .insert(notifications)
    .values(
      recipients.map((userId) => ({
        id: newId(input.now.getTime()),
        organizationId: input.organizationId,
        userId,
        activityId: input.activityId,
        kind: "VOTE_NEEDED",
        summary: input.summary,
        createdAt: input.now,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: notifications.id, userId: notifications.userId });
}
