import { bigint, index, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The tamper-evident audit trail (docs/audit-chain.md): per organization, a hash chain over every
 * activity state, vote and policy-evaluation record. Rows are appended in the transaction that made
 * the record and never changed; no foreign keys, like app proofs (the trail outlives what it names).
 */

/** The chain's head per organization: the row whose lock serializes appends within one organization. */
export const auditChainHeads = pgTable("audit_chain_heads", {
  organizationId: text("organization_id").primaryKey(),
  /** Sequence number of the last entry (entries count from 1). */
  seq: bigint("seq", { mode: "number" }).notNull(),
  /** Hex SHA-256 of the last entry. */
  hash: text("hash").notNull(),
  /** The head's hash before the last append: the base the last append's entries chain from. */
  previousHash: text("previous_hash").notNull(),
});

export const auditEntries = pgTable(
  "audit_entries",
  {
    organizationId: text("organization_id").notNull(),
    seq: bigint("seq", { mode: "number" }).notNull(),
    /** ACTIVITY (its state at the end of a transaction that changed it), VOTE or EVALUATION. */
    kind: text("kind").notNull(),
    /** The activity, vote or evaluation id the entry records. */
    recordId: text("record_id").notNull(),
    activityId: text("activity_id").notNull(),
    previousHash: text("previous_hash").notNull(),
    hash: text("hash").notNull(),
    /** The canonical JSON the hash commits to, exactly as hashed. */
    payload: text("payload").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.seq] }),
    index("audit_entries_activity_idx").on(t.activityId),
  ],
);

/** A checkpoint: the server signing key's signature over a chain head, made every N entries. */
export const auditCheckpoints = pgTable(
  "audit_checkpoints",
  {
    organizationId: text("organization_id").notNull(),
    seq: bigint("seq", { mode: "number" }).notNull(),
    /** The signed statement (JSON), exactly the bytes signed. */
    statement: text("statement").notNull(),
    /** Hex raw r‖s, ECDSA P-256 over SHA-256 of the statement's UTF-8 bytes. */
    signature: text("signature").notNull(),
    publicKey: text("public_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.seq] })],
);

export type AuditEntryRow = typeof auditEntries.$inferSelect;
export type AuditCheckpointRow = typeof auditCheckpoints.$inferSelect;
