import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { earnWrappers } from "./earn";

/**
 * What one enabled Earn vault (a confirmed wrapper) looked like at one moment, recorded by the
 * `earn-samples` job (server/earn/samples.ts) so the dashboard can draw APY and TVL over time: the
 * chain can only say what they are now. Kept for LATCHKEY_EARN_SAMPLE_RETENTION_DAYS.
 */
export const earnSamples = pgTable(
  "earn_samples",
  {
    id: text("id").primaryKey(),
    wrapperId: text("wrapper_id")
      .notNull()
      .references(() => earnWrappers.id, { onDelete: "cascade" }),
    organizationId: text("organization_id").notNull(),
    sampledAt: timestamp("sampled_at", { withTimezone: true }).notNull(),
    /** The vault's gross APY and the wrapper's net of both fees, decimal fractions ("0.0650"). */
    grossApy: text("gross_apy").notNull(),
    netApy: text("net_apy").notNull(),
    /** The wrapper's totalAssets() and the underlying vault's, base units of the asset. */
    wrapperAssets: text("wrapper_assets").notNull(),
    vaultAssets: text("vault_assets").notNull(),
    /** The wrapper's assets in USD (decimal string) when the price source had a price. */
    wrapperUsd: text("wrapper_usd"),
    vaultUsd: text("vault_usd"),
  },
  (t) => [
    index("earn_samples_wrapper_idx").on(t.wrapperId, t.sampledAt),
    index("earn_samples_sampled_at_idx").on(t.sampledAt),
  ],
);
export type EarnSampleRow = typeof earnSamples.$inferSelect;
