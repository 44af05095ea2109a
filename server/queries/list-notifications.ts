import { and, count, desc, eq, isNull } from "drizzle-orm";
import { toTimestamp, ZOrganizationRequest } from "@/lib/api/common";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { notificationSettings, notifications } from "../db/schema";
import { defineQuery } from "./define";

/** The most recent notifications answered; older ones stay stored (they are the outbox's record). */
const NEWEST = 50;

export const listNotifications = defineQuery({
  path: "list_notifications",
  summary:
    "Latchkey extension: the caller's own newest notifications (an activity waits for their vote), the unread count and their setting",
  latchkeyExtension: true,
  request: ZOrganizationRequest,
  response: QUERY_RESPONSES.list_notifications,
  async run({ app, organization, caller }) {
    const mine = and(
      eq(notifications.organizationId, organization.id),
      eq(notifications.userId, caller.user.id),
    );
    const rows = await app.db
      .select()
      .from(notifications)
      .where(mine)
      .orderBy(desc(notifications.id))
      .limit(NEWEST);
    const [unread] = await app.db
      .select({ n: count() })
      .from(notifications)
      .where(and(mine, isNull(notifications.readAt)));
    const [settings] = await app.db
      .select()
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, caller.user.id));
    return {
      notifications: rows.map((row) => ({
        notificationId: row.id,
        activityId: row.activityId,
        kind: "VOTE_NEEDED" as const,
        summary: row.summary,
        createdAt: toTimestamp(row.createdAt),
        read: row.readAt !== null,
      })),
      unreadCount: Number(unread?.n ?? 0),
      voteNeeded: settings?.voteNeeded ?? true,
      voteNeededEmail: settings?.voteNeededEmail ?? true,
    };
  },
});
