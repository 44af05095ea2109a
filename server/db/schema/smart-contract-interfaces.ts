import { index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { organizations } from "./organizations";

/** An ABI (Ethereum) or IDL (Solana) registered for a contract address, kept as sent and parsed. */
export const smartContractInterfaces = pgTable(
  "smart_contract_interfaces",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id),
    address: text("address").notNull(),
    /** The JSON string exactly as submitted (returned as is). */
    definition: text("definition").notNull(),
    /** The parsed form the policy engine decodes calldata and instructions with. */
    parsed: jsonb("parsed").notNull(),
    type: text("type").notNull(),
    label: text("label").notNull(),
    notes: text("notes").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("smart_contract_interfaces_org_address_idx").on(t.organizationId, t.address)],
);

export type SmartContractInterfaceRow = typeof smartContractInterfaces.$inferSelect;
