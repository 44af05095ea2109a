import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { organizations } from "./organizations";

/**
 * create_invitations: someone invited by e-mail. The invitee accepts by signing in to the
 * dashboard with a code sent to that address: the code proves the address, and the user is
 * created then (server/otp/dashboard-sign-in.ts). delete_invitation removes a pending one.
 */
export const invitations = pgTable(
  "invitations",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id),
    receiverUserName: text("receiver_user_name").notNull(),
    /** Lower-cased. */
    receiverEmail: text("receiver_email").notNull(),
    receiverUserTags: text("receiver_user_tags").array().notNull(),
    accessType: text("access_type").notNull(),
    senderUserId: text("sender_user_id").notNull(),
    /** PENDING until the invitee signs in (ACCEPTED, with the user it became). */
    status: text("status").notNull(),
    acceptedUserId: text("accepted_user_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("invitations_email_idx").on(t.organizationId, t.receiverEmail)],
);

export type InvitationRow = typeof invitations.$inferSelect;
