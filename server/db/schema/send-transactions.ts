import { index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { activities } from "./activities";

/**
 * A transaction Latchkey was asked to broadcast (eth_send_transaction, sol_send_transaction): what
 * was asked, the signed bytes once made (kept so that a retry re-sends the same transaction and never
 * a second one), and where it stands on the chain. Its id is the API's sendTransactionStatusId.
 */
export const sendTransactions = pgTable(
  "send_transactions",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id").notNull(),
    activityId: text("activity_id")
      .notNull()
      .references(() => activities.id),
    caip2: text("caip2").notNull(),
    /** The signer's address. */
    fromAddress: text("from_address").notNull(),
    /** What is sent: CALLS (eth_send_transaction, sol_send_transaction) or UNDELEGATE (eth_undelegate_7702). */
    kind: text("kind").notNull().default("CALLS"),
    /** A sponsored send: the organization whose gas station pays (its spend is recorded against it). */
    sponsorOrganizationId: text("sponsor_organization_id"),
    /** The request as the activity accepted it (calls, fees, nonce as given). */
    request: jsonb("request").notNull(),
    /** PENDING → BROADCASTED → COMPLETED, or FAILED (README: "Sending transactions"). */
    status: text("status").notNull(),
    signedTransaction: text("signed_transaction"),
    /** Transaction hash (EVM, 0x-hex) or first signature (Solana, base58). */
    txHash: text("tx_hash"),
    blockNumber: text("block_number"),
    /** Why it failed, in the chain's words where it gave any. */
    error: jsonb("error"),
    /** While not final: the last thing that went wrong and is being retried (an unreachable node). */
    lastError: text("last_error"),
    /** When it was (last) handed to the node: how often to look for it again backs off from here. */
    broadcastAt: timestamp("broadcast_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("send_transactions_org_idx").on(t.organizationId, t.id),
    index("send_transactions_from_idx").on(t.fromAddress, t.caip2),
  ],
);

export type SendTransactionRow = typeof sendTransactions.$inferSelect;
