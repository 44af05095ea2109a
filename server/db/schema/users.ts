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
    phoneNumber: text("phone_number"),
    tagIds: text("tag_ids").array().notNull(),
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
