import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * App proofs (generateAppProofs): what the server signed about a completed activity, kept so that
 * list_app_proofs returns the same bytes the activity's envelope carried. Like activities, rows are
 * never changed or deleted, and have no foreign keys (the proof outlives what it names).
 */
export const appProofs = pgTable(
  "app_proofs",
  {
    id: text("id").primaryKey(),
    activityId: text("activity_id").notNull(),
    organizationId: text("organization_id").notNull(),
    scheme: text("scheme").notNull(),
    publicKey: text("public_key").notNull(),
    /** The signed bytes, exactly: a JSON document (docs/app-proofs.md). */
    proofPayload: text("proof_payload").notNull(),
    /** Hex raw r‖s, ECDSA P-256 over SHA-256 of proofPayload's UTF-8 bytes. */
    signature: text("signature").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("app_proofs_activity_idx").on(t.activityId)],
);

export type AppProofRow = typeof appProofs.$inferSelect;
