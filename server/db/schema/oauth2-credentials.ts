import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { organizations } from "./organizations";

/**
 * An organization's OAuth 2.0 client at a provider (create_oauth2_credential): the public parts
 * only. The client secret arrives encrypted to the installation's OAuth 2.0 encryption key and is
 * sealed in sealed_secrets (kind OAUTH2_CLIENT_SECRET) under `<id>:client-secret`; it is never returned.
 */
export const oauth2Credentials = pgTable(
  "oauth2_credentials",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id),
    /** OAUTH2_PROVIDER_X | OAUTH2_PROVIDER_DISCORD */
    provider: text("provider").notNull(),
    clientId: text("client_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("oauth2_credentials_organization_idx").on(t.organizationId)],
);

export type Oauth2CredentialRow = typeof oauth2Credentials.$inferSelect;
