import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { organizations } from "./organizations";

/** A standalone private key (sealed in sealed_secrets under its id) with its derived addresses. */
export const privateKeys = pgTable(
  "private_keys",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id),
    name: text("name").notNull(),
    curve: text("curve").notNull(),
    publicKey: text("public_key").notNull(),
    tagIds: text("tag_ids").array().notNull(),
    exported: boolean("exported").notNull(),
    imported: boolean("imported").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("private_keys_org_name_idx").on(t.organizationId, t.name)],
);

export const privateKeyAddresses = pgTable(
  "private_key_addresses",
  {
    privateKeyId: text("private_key_id")
      .notNull()
      .references(() => privateKeys.id),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id),
    format: text("format").notNull(),
    address: text("address").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.privateKeyId, t.format] }),
    index("private_key_addresses_org_address_idx").on(t.organizationId, t.address),
  ],
);

export type PrivateKeyRow = typeof privateKeys.$inferSelect;
export type PrivateKeyAddressRow = typeof privateKeyAddresses.$inferSelect;
