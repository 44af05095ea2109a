import { jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { organizations } from "./organizations";

/**
 * Opaque secrets (import_secrets): the metadata only. The secret itself is sealed in sealed_secrets
 * under the secret's id (kind SECRET), like a private key.
 */
export const secrets = pgTable(
  "secrets",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id),
    /** Optional; unique within the organization when given. */
    name: text("name"),
    /** Policy-visible key/value pairs bound at import, never changed: [{key, value}]. */
    staticProperties: jsonb("static_properties").$type<{ key: string; value: string }[]>().notNull(),
    importedByUserId: text("imported_by_user_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("secrets_org_name_idx").on(t.organizationId, t.name)],
);

export type SecretRow = typeof secrets.$inferSelect;
