import { index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { organizations } from "./organizations";
import { users } from "./users";

/**
 * A user's linked OIDC identities (create_oauth_providers): a verified token from `issuer` for the
 * application `audience` naming `subject` logs this user in (oauth_login, oauth). Within one
 * organization an identity belongs to one user, or a login could not tell whose session to start.
 */
export const oauthProviders = pgTable(
  "oauth_providers",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    name: text("name").notNull(),
    issuer: text("issuer").notNull(),
    audience: text("audience").notNull(),
    subject: text("subject").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("oauth_providers_identity_idx").on(t.organizationId, t.issuer, t.audience, t.subject),
    index("oauth_providers_user_idx").on(t.userId),
    index("oauth_providers_subject_idx").on(t.issuer, t.subject),
  ],
);

export type OauthProviderRow = typeof oauthProviders.$inferSelect;
