import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { organizations } from "./organizations";

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id),
    name: text("name").notNull(),
    email: text("email"),
    /** When a verification token proved this e-mail address (otp_login, update_user_email); cleared when it changes. */
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    phoneNumber: text("phone_number"),
    /** When a verification token proved this phone number (otp_login, update_user_phone_number); cleared when it changes. */
    phoneVerifiedAt: timestamp("phone_verified_at", { withTimezone: true }),
    tagIds: text("tag_ids").array().notNull(),
    /**
     * The reference's ACCESS_TYPE_* a create_invitations invitation gave this user (server/users/access-type.ts);
     * null for every other user, which means ACCESS_TYPE_ALL.
     */
    accessType: text("access_type"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
    /** Deleted users stay so that votes and activities can still name who acted. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    index("users_org_idx").on(t.organizationId, t.id),
    index("users_email_idx").on(t.email),
    index("users_phone_idx").on(t.phoneNumber),
    index("users_name_idx").on(t.name),
  ],
);

export type UserRow = typeof users.$inferSelect;
