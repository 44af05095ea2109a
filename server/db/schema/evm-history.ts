import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * How far the history indexer has read each EVM chain (server/history/): the next block to read.
 * A chain gets a row when it is first watched (a send on it, or its history asked for).
 */
export const evmHistoryCursors = pgTable("evm_history_cursors", {
  caip2: text("caip2").primaryKey(),
  nextBlock: bigint("next_block", { mode: "number" }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});

/** One value moved to or from an address, relative to it, as list_eth_transaction_history shows it. */
export interface StoredTransfer {
  direction: "IN" | "OUT";
  amount: string;
  counterparty: string;
  /** The asset: "native", or the ERC-20 contract's address with what it said of itself. */
  asset: { caip19: string; symbol?: string; name?: string; decimals?: number };
}

/**
 * A transaction touching one of the organizations' EVM wallet addresses, found by the indexer in
 * the chain's blocks (native value) and logs (ERC-20 Transfer events): one row per address and
 * transaction, so a transfer between two watched addresses is a row for each side.
 */
export const evmHistory = pgTable(
  "evm_history",
  {
    id: text("id").primaryKey(),
    caip2: text("caip2").notNull(),
    /** The watched address, lower-case. */
    address: text("address").notNull(),
    txHash: text("tx_hash").notNull(),
    blockNumber: bigint("block_number", { mode: "number" }).notNull(),
    blockHash: text("block_hash").notNull(),
    blockTime: timestamp("block_time", { withTimezone: true }).notNull(),
    txIndex: integer("tx_index").notNull(),
    fromAddress: text("from_address").notNull(),
    /** Absent for a contract creation. */
    toAddress: text("to_address"),
    /** gasUsed × effectiveGasPrice, in the chain's native base units. */
    fee: text("fee").notNull(),
    transfers: jsonb("transfers").$type<StoredTransfer[]>().notNull(),
  },
  (t) => [
    uniqueIndex("evm_history_tx_idx").on(t.caip2, t.address, t.txHash),
    index("evm_history_order_idx").on(t.caip2, t.address, t.blockNumber, t.txIndex),
  ],
);

export type EvmHistoryRow = typeof evmHistory.$inferSelect;
