import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { organizations } from "./organizations";

/**
 * Session profiles (create_session_profile): immutable once made. A session started with one
 * carries its id on its key row, and every activity that session submits must satisfy `scope`, a
 * policy-language condition. Its name is the session JWT's session_type.
 */
export const sessionProfiles = pgTable(
  "session_profiles",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id),
    name: text("name").notNull(),
    scope: text("scope").notNull(),
    /** The longest a session of this profile may last; unset, the login's own expiry. */
    expirationSeconds: text("expiration_seconds"),
    notes: text("notes"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("session_profiles_org_idx").on(t.organizationId, t.id)],
);

export type SessionProfileRow = typeof sessionProfiles.$inferSelect;
