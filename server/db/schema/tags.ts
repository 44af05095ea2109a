import { index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { organizations } from "./organizations";

/** User tags and private key tags (tagType says which). */
export const tags = pgTable(
  "tags",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id),
    name: text("name").notNull(),
    tagType: text("tag_type").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("tags_org_idx").on(t.organizationId, t.tagType),
    // Names are unique per organization and kind; the index settles races the check cannot.
    uniqueIndex("tags_org_type_name_idx").on(t.organizationId, t.tagType, t.name),
  ],
);

export type TagRow = typeof tags.$inferSelect;
