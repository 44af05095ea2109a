import { index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { organizations } from "./organizations";
import { sendTransactions } from "./send-transactions";

/**
 * An organization's swap fee settings (upsert_swap_config): which of its own wallet accounts
 * receives the client fee, and the fee on every swap (`stableFeeBps` when both sides are stable).
 */
export const swapConfigs = pgTable("swap_configs", {
  organizationId: text("organization_id")
    .primaryKey()
    .references(() => organizations.id),
  feeReceiverAddress: text("fee_receiver_address"),
  feeBps: integer("fee_bps").notNull(),
  stableFeeBps: integer("stable_fee_bps"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});

export type SwapConfigRow = typeof swapConfigs.$inferSelect;

/**
 * A quote (create_swap_quote) and, once execute_swap_v2 took it, its execution: a quote executes at
 * most once, and everything the transaction is built from is fixed here when it is quoted.
 */
export const swapQuotes = pgTable(
  "swap_quotes",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id),
    provider: text("provider").notNull(),
    caip2: text("caip2").notNull(),
    /** The wallet account or private key address that signs the execution. */
    signer: text("signer").notNull(),
    inputToken: text("input_token").notNull(),
    outputToken: text("output_token").notNull(),
    /** Base units as decimal strings. */
    inputAmount: text("input_amount").notNull(),
    outputAmount: text("output_amount").notNull(),
    minOutputAmount: text("min_output_amount").notNull(),
    slippageBps: integer("slippage_bps").notNull(),
    clientFeeBps: integer("client_fee_bps").notNull(),
    /** Who the client fee accrues to (the zero address when there is none). */
    feeReceiver: text("fee_receiver").notNull(),
    /** What the provider builds the calls from besides the amounts (0x: its quoted transaction). */
    providerData: jsonb("provider_data").$type<Record<string, unknown>>(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /**
     * A quote that is one fixed transaction (the Solana request-for-quote fill): its wire bytes
     * (hex), already co-signed by the provider, waiting only for the signer's signature. Null when
     * the provider's calls are built at execution (EVM pools).
     */
    partialTransaction: text("partial_transaction"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    /** Set together when the quote is executed. */
    swapRequestId: text("swap_request_id").unique(),
    sendId: text("send_id").references(() => sendTransactions.id),
    executedAt: timestamp("executed_at", { withTimezone: true }),
  },
  (t) => [index("swap_quotes_organization_idx").on(t.organizationId)],
);

export type SwapQuoteRow = typeof swapQuotes.$inferSelect;
