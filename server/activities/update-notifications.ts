import { and, eq, inArray, isNull } from "drizzle-orm";
import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZUpdateNotificationsParams } from "@/lib/api/notifications";
import { notificationSettings, notifications } from "../db/schema";
import { defineActivity } from "./define";

/**
 * The caller's own notifications: turn vote messages on or off, mark messages read. Only ever the
 * caller's rows, so it is self-service: nobody else's approval is needed (explicit deny policies
 * still apply, as for any self-service activity).
 */
export const updateNotifications = defineActivity({
  path: "update_notifications",
  latchkeyExtension: true,
  type: ACTIVITY_TYPES.update_notifications,
  resource: "USER",
  action: "UPDATE",
  intentKey: "updateNotificationsIntent",
  resultKey: "updateNotificationsResult",
  summary:
    "Latchkey extension: the caller's own notification settings (vote messages on or off, by e-mail too or not) and read marks",
  describe: (p) =>
    [
      p.voteNeeded === undefined ? "" : `Turn vote notifications ${p.voteNeeded ? "on" : "off"}`,
      p.voteNeededEmail === undefined ? "" : `Turn vote e-mails ${p.voteNeededEmail ? "on" : "off"}`,
      p.readAll ? "Mark all notifications read" : "",
      p.readNotificationIds?.length ? `Mark ${p.readNotificationIds.length} notification(s) read` : "",
    ]
      .filter(Boolean)
      .join("; ") || "Leave notifications as they are",
  params: ZUpdateNotificationsParams,
  result: z.object({ voteNeeded: z.boolean(), voteNeededEmail: z.boolean(), markedRead: z.number().int() }),
  selfService: () => true,
  async execute({ tx, organization, caller, now }, params) {
    const userId = caller.user.id;
    const changes = {
      ...(params.voteNeeded === undefined ? {} : { voteNeeded: params.voteNeeded }),
      ...(params.voteNeededEmail === undefined ? {} : { voteNeededEmail: params.voteNeededEmail }),
    };
    if (Object.keys(changes).length > 0) {
      await tx
        .insert(notificationSettings)
        .values({ userId, organizationId: organization.id, voteNeeded: true, ...changes, updatedAt: now })
        .onConflictDoUpdate({ target: notificationSettings.userId, set: { ...changes, updatedAt: now } });
    }
    let markedRead = 0;
    if (params.readAll || params.readNotificationIds?.length) {
      const marked = await tx
        .update(notifications)
        .set({ readAt: now })
        .where(
          and(
            eq(notifications.userId, userId),
            isNull(notifications.readAt),
            params.readAll ? undefined : inArray(notifications.id, params.readNotificationIds ?? []),
          ),
        )
        .returning({ id: notifications.id });
      markedRead = marked.length;
    }
    const [settings] = await tx
      .select()
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, userId));
    return {
      voteNeeded: settings?.voteNeeded ?? true,
      voteNeededEmail: settings?.voteNeededEmail ?? true,
      markedRead,
    };
  },
});
