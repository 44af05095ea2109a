import { type AnyPgColumn, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const organizations = pgTable(
  "organizations",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    /** Set for sub-organizations: the organization that created it. */
    parentOrganizationId: text("parent_organization_id").references((): AnyPgColumn => organizations.id),
    rootQuorumThreshold: integer("root_quorum_threshold").notNull(),
    rootUserIds: text("root_user_ids").array().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
    /** Sub-organizations are deleted softly: their activities stay as the audit trail. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [index("organizations_parent_idx").on(t.parentOrganizationId, t.id)],
);

export type OrganizationRow = typeof organizations.$inferSelect;
