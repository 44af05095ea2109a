import { z } from "zod";
import { ZId, ZTimestamp } from "./common";

/**
 * update_notifications (Latchkey extension): the caller's own notification choices and read marks.
 * Every field is optional; what is left out stays as it was.
 */
export const ZUpdateNotificationsParams = z
  .object({
    /** Be told when an activity waits for your vote. */
    voteNeeded: z.boolean().optional(),
    /** Also receive those messages by e-mail, at your user's address (while voteNeeded is on). */
    voteNeededEmail: z.boolean().optional(),
    /** Mark these of your notifications read. */
    readNotificationIds: z.array(ZId).max(100).optional(),
    /** Mark all of your notifications read. */
    readAll: z.boolean().optional(),
  })
  .strict();
export type TUpdateNotificationsParams = z.infer<typeof ZUpdateNotificationsParams>;

export const ZNotification = z.object({
  notificationId: z.string(),
  activityId: z.string(),
  kind: z.literal("VOTE_NEEDED"),
  summary: z.string(),
  createdAt: ZTimestamp,
  read: z.boolean(),
});
export type TNotification = z.infer<typeof ZNotification>;

/** list_notifications (Latchkey extension): the caller's newest notifications and settings. */
export const ZListNotificationsResponse = z.object({
  notifications: z.array(ZNotification),
  unreadCount: z.number().int(),
  voteNeeded: z.boolean(),
  /** Vote messages are also e-mailed to the user's address. */
  voteNeededEmail: z.boolean(),
});
