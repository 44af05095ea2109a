import { bigint, boolean, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { organizations } from "./organizations";

/**
 * An organization's gas sponsorship (upsert_gas_usage_config): whether it pays for sponsored sends,
 * from which of its own accounts (its gas stations), and how much it spends in a rolling window — on
 * its own sends, and on each of its sub-organizations'. One row per organization.
 */
export const gasUsageConfigs = pgTable("gas_usage_configs", {
  id: text("id").primaryKey(),
  organizationId: text("organization_id")
    .notNull()
    .unique()
    .references(() => organizations.id),
  enabled: boolean("enabled").notNull(),
  /** Decimal USD strings, as the API takes them. */
  orgWindowLimitUsd: text("org_window_limit_usd").notNull(),
  subOrgWindowLimitUsd: text("sub_org_window_limit_usd").notNull(),
  windowDurationMinutes: integer("window_duration_minutes").notNull(),
  /** Wallet accounts or private keys of this organization that pay: an Ethereum and a Solana address. */
  evmGasStationAddress: text("evm_gas_station_address"),
  solanaGasStationAddress: text("solana_gas_station_address"),
  solanaRentPrefundEnabled: boolean("solana_rent_prefund_enabled").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});

export type GasUsageConfigRow = typeof gasUsageConfigs.$inferSelect;

/**
 * What a gas station paid for one sponsored send, in the chain's base units and in millionths of a
 * USD at the price configured when it was paid. The window's usage is the sum of these rows.
 */
export const sponsoredSpend = pgTable(
  "sponsored_spend",
  {
    id: text("id").primaryKey(),
    /** The organization whose gas station paid. */
    sponsorOrganizationId: text("sponsor_organization_id").notNull(),
    /** The organization whose send it was: the sponsor itself or one of its sub-organizations. */
    organizationId: text("organization_id").notNull(),
    sendId: text("send_id").notNull().unique(),
    caip2: text("caip2").notNull(),
    feeBaseUnits: text("fee_base_units").notNull(),
    usdMicros: bigint("usd_micros", { mode: "bigint" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("sponsored_spend_window_idx").on(t.sponsorOrganizationId, t.organizationId, t.createdAt)],
);

export type SponsoredSpendRow = typeof sponsoredSpend.$inferSelect;
