import { index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { organizations } from "./organizations";
import { sendTransactions } from "./send-transactions";
import { swapQuotes } from "./swaps";

/** One transfer the cross-chain provider sends from its own account (server/swaps/cross-chain-legs.ts). */
export interface CrossChainLeg {
  purpose: "PAYOUT" | "FEE" | "REFUND";
  caip2: string;
  /** The token's address, 0x0 for the native coin. */
  token: string;
  to: string;
  /** Base units as a decimal string. */
  amount: string;
  /** Stored before broadcasting, so a retry sends these very bytes and never a second transfer. */
  signedTransaction?: string;
  txHash?: string;
  done?: boolean;
}

/**
 * The local cross-chain provider's side of an executed cross-chain quote: the deposit (the user's
 * ordinary send to the provider, `sendId`) is awaited, then the provider pays out on the destination
 * chain — or refunds on the origin chain — with the legs listed here, worked by a leased job.
 * AWAITING_DEPOSIT → FILLING → COMPLETED, or → REFUNDING → REFUNDED; FAILED when the deposit failed
 * (nothing moved) or the provider gave up (`reason` says what may have landed).
 */
export const swapCrossChainFills = pgTable(
  "swap_cross_chain_fills",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id),
    quoteId: text("quote_id")
      .notNull()
      .unique()
      .references(() => swapQuotes.id),
    sendId: text("send_id")
      .notNull()
      .references(() => sendTransactions.id),
    status: text("status").notNull(),
    legs: jsonb("legs").$type<CrossChainLeg[]>().notNull(),
    /** What the signer received on the destination chain, once decided. */
    outputAmount: text("output_amount"),
    /** Why the provider could not fill (a refund) or gave up. */
    reason: text("reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("swap_cross_chain_fills_organization_idx").on(t.organizationId)],
);

export type SwapCrossChainFillRow = typeof swapCrossChainFills.$inferSelect;
