import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { AppContext } from "../context";
import type { Tx } from "../db/client";
import { notificationSettings, notifications, users } from "../db/schema";
import { enqueueEmail } from "../mail/outbox";
import { renderVoteNeededEmail } from "../mail/vote-needed-email";
import type { NewNotification } from "./vote-needed";

export interface VoteEmails {
  organizationId: string;
  organizationName: string;
  activityId: string;
  summary: string;
  /** The rows notifyVoteNeeded just inserted: only these are mailed. */
  written: readonly NewNotification[];
  now: Date;
  /** Wakes the delivery worker once the activity's transaction has committed. */
  afterCommit: (hook: () => void) => void;
}

/**
 * E-mail each newly written vote notification to its user, through the outbox OTP codes use: the
 * message, its sealed body and its delivery job are written in the activity's transaction, so a
 * mail exists exactly when the activity committed waiting, and a crash neither loses nor repeats
 * one. Users without an address, or who turned e-mail off (notification_settings), get the
 * dashboard row alone. Each row remembers its message (email_message_id).
 */
export async function emailVoteNeeded(app: AppContext, tx: Tx, input: VoteEmails): Promise<number> {
  if (input.written.length === 0) return 0;
  const userIds = input.written.map((n) => n.userId);
  const [addressed, emailOff] = [
    await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(and(inArray(users.id, userIds), isNotNull(users.email))),
    await tx
      .select({ id: notificationSettings.userId })
      .from(notificationSettings)
      .where(
        and(inArray(notificationSettings.userId, userIds), eq(notificationSettings.voteNeededEmail, false)),
      ),
  ];
  const off = new Set(emailOff.map((r) => r.id));
  const emailOf = new Map(addressed.filter((u) => u.email && !off.has(u.id)).map((u) => [u.id, u.email!]));
  const link = new URL(
    `/activities/${encodeURIComponent(input.activityId)}`,
    app.config.origins[0],
  ).toString();
  const mail = renderVoteNeededEmail({
    appName: app.config.rpName,
    organizationName: input.organizationName,
    summary: input.summary,
    link,
  });
  let sent = 0;
  for (const notification of input.written) {
    const to = emailOf.get(notification.userId);
    if (!to) continue;
    const emailMessageId = await enqueueEmail(
      tx,
      app.keyring,
      {
        organizationId: input.organizationId,
        purpose: "VOTE_NEEDED",
        from: app.config.mail.from,
        to,
        ...mail,
      },
      { now: input.now, maxAttempts: app.config.mail.maxAttempts },
    );
    await tx.update(notifications).set({ emailMessageId }).where(eq(notifications.id, notification.id));
    sent++;
  }
  if (sent > 0) input.afterCommit(() => app.jobWake.notify());
  return sent;
}
