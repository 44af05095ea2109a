import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { earnWrappers } from "./earn";

/**
 * What one wallet's position in one wrapper was worth at one moment, recorded by the same
 * `earn-samples` job as the vaults' samples (server/earn/position-samples.ts) so a wallet account's
 * Earn section can draw its value over time: the chain only says what it is worth now. Kept for
 * LATCHKEY_EARN_SAMPLE_RETENTION_DAYS, like the vault samples.
 */
export const earnPositionSamples = pgTable(
  "earn_position_samples",
  {
    id: text("id").primaryKey(),
    wrapperId: text("wrapper_id")
      .notNull()
      .references(() => earnWrappers.id, { onDelete: "cascade" }),
    organizationId: text("organization_id").notNull(),
    /** The holder, lower-case 0x address (a wallet account of the organization). */
    walletAddress: text("wallet_address").notNull(),
    sampledAt: timestamp("sampled_at", { withTimezone: true }).notNull(),
    /** The wrapper shares held and what they redeem for (previewRedeem, net of fees), base units. */
    shares: text("shares").notNull(),
    assets: text("assets").notNull(),
    /** The assets in USD (decimal string) when the price source had a price. */
    assetsUsd: text("assets_usd"),
  },
  (t) => [
    index("earn_position_samples_holder_idx").on(t.wrapperId, t.walletAddress, t.sampledAt),
    index("earn_position_samples_sampled_at_idx").on(t.sampledAt),
  ],
);
export type EarnPositionSampleRow = typeof earnPositionSamples.$inferSelect;
