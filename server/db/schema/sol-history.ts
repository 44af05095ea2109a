import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { StoredTransfer } from "./evm-history";

/**
 * How far list_sol_transaction_history has read one wallet address's history on one cluster
 * (server/history/svm-sync.ts): the newest signature seen of each list it reads — the address's own
 * and each of its token accounts' — and the next position to give a new row. Its row lock
 * serializes two reads of the same address.
 */
export const solHistoryCursors = pgTable(
  "sol_history_cursors",
  {
    caip2: text("caip2").notNull(),
    address: text("address").notNull(),
    /** Listed address (the wallet address or one of its token accounts) → newest signature read. */
    newest: jsonb("newest").$type<Record<string, string>>().notNull(),
    nextSeq: integer("next_seq").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.caip2, t.address] })],
);

export interface StoredSolSigner {
  address: string;
  writable: boolean;
}

/**
 * A transaction that touched one of the organizations' Solana wallet addresses (or its token
 * accounts), as list_sol_transaction_history shows it to that address: one row per address and
 * signature. `seq` orders rows of one slot the way the cluster listed them.
 */
export const solHistory = pgTable(
  "sol_history",
  {
    id: text("id").primaryKey(),
    caip2: text("caip2").notNull(),
    address: text("address").notNull(),
    signature: text("signature").notNull(),
    slot: bigint("slot", { mode: "number" }).notNull(),
    seq: integer("seq").notNull(),
    /** Empty when the node has no block for the slot any more. */
    blockHash: text("block_hash").notNull(),
    blockTime: timestamp("block_time", { withTimezone: true }).notNull(),
    feePayer: text("fee_payer").notNull(),
    signers: jsonb("signers").$type<StoredSolSigner[]>().notNull(),
    /** Lamports. */
    fee: text("fee").notNull(),
    /** The transaction error as the cluster reports it; null when it succeeded. */
    err: jsonb("err"),
    transfers: jsonb("transfers").$type<StoredTransfer[]>().notNull(),
  },
  (t) => [
    uniqueIndex("sol_history_tx_idx").on(t.caip2, t.address, t.signature),
    index("sol_history_order_idx").on(t.caip2, t.address, t.slot, t.seq),
  ],
);

export type SolHistoryRow = typeof solHistory.$inferSelect;
