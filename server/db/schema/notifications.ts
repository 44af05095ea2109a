import { boolean, index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { activities } from "./activities";
import { organizations } from "./organizations";
import { users } from "./users";

/**
 * A message to one user about one activity: the dashboard's notification list, and the outbox any
 * later channel (e-mail) delivers from. It holds the activity's one-line summary and a link target,
 * never a payload, a key or a signature.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    activityId: text("activity_id")
      .notNull()
      .references(() => activities.id),
    /** VOTE_NEEDED: the activity waits for this user's vote. */
    kind: text("kind").notNull(),
    summary: text("summary").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    readAt: timestamp("read_at", { withTimezone: true }),
    /** The e-mail sent for this message (email_messages.id), when its user has an address and e-mail on. */
    emailMessageId: text("email_message_id"),
  },
  (t) => [
    // One message per user, activity and kind: a later round that keeps it waiting adds none.
    uniqueIndex("notifications_user_activity_kind_idx").on(t.userId, t.activityId, t.kind),
    index("notifications_org_user_idx").on(t.organizationId, t.userId, t.id),
  ],
);

/** A user's choices; no row means the defaults (every kind on). */
export const notificationSettings = pgTable("notification_settings", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id),
  organizationId: text("organization_id")
    .notNull()
    .references(() => organizations.id),
  voteNeeded: boolean("vote_needed").notNull(),
  /** Also e-mail vote messages to the user's address (only while voteNeeded is on). */
  voteNeededEmail: boolean("vote_needed_email").notNull().default(true),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});

export type NotificationRow = typeof notifications.$inferSelect;
