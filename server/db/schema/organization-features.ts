import { pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { organizations } from "./organizations";

/**
 * An organization's features (set_organization_feature): one row per feature name, with its value.
 * Early-access products such as Earn (`FEATURE_NAME_EARN_CONFIG`) are off until their row exists.
 */
export const organizationFeatures = pgTable(
  "organization_features",
  {
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id),
    /** A `FEATURE_NAME_*` of the reference. */
    name: text("name").notNull(),
    value: text("value").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.name] })],
);

export type OrganizationFeatureRow = typeof organizationFeatures.$inferSelect;
