import { index, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * The audit log. Rows are never deleted; only status, result, failure and updatedAt change.
 * No foreign keys: an activity outlives the users, keys and even sub-organizations it names.
 */
export const activities = pgTable(
  "activities",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id").notNull(),
    type: text("type").notNull(),
    status: text("status").notNull(),
    /** The validated parameters, echoed as `intent.<intentKey>`. */
    intent: jsonb("intent").notNull(),
    result: jsonb("result"),
    failure: jsonb("failure"),
    /**
     * Non-root users whose approval a pending policy consensus can count (set each evaluation
     * round); root users may always vote on a pending activity.
     */
    policyVoterIds: text("policy_voter_ids").array().notNull().default([]),
    /** "sha256:" + hex(sha256(raw body)): the idempotency key. */
    fingerprint: text("fingerprint").notNull(),
    requestBody: text("request_body").notNull(),
    stampKind: text("stamp_kind").notNull(),
    stamp: text("stamp").notNull(),
    callerUserId: text("caller_user_id").notNull(),
    callerCredentialId: text("caller_credential_id").notNull(),
    timestampMs: text("timestamp_ms").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("activities_fingerprint_idx").on(t.fingerprint),
    index("activities_org_idx").on(t.organizationId, t.id),
  ],
);

export type ActivityRow = typeof activities.$inferSelect;
