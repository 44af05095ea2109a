import { index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { activities } from "./activities";
import { organizations } from "./organizations";

/** A policy as written: the expressions are stored as source and parsed (cached) when evaluated. */
export const policies = pgTable(
  "policies",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id),
    name: text("name").notNull(),
    /** EFFECT_ALLOW | EFFECT_DENY */
    effect: text("effect").notNull(),
    /** Empty string when absent: the policy applies to every activity. */
    condition: text("condition").notNull(),
    /** Empty string when absent: no approvals are needed beyond the request itself. */
    consensus: text("consensus").notNull(),
    notes: text("notes").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("policies_org_idx").on(t.organizationId, t.id)],
);

/**
 * One evaluation round of an activity (its submission, then each vote): every policy's outcome,
 * the decision, and why. Append-only, like the activities it explains.
 */
export const policyEvaluations = pgTable(
  "policy_evaluations",
  {
    id: text("id").primaryKey(),
    activityId: text("activity_id")
      .notNull()
      .references(() => activities.id),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id),
    /** The vote this round evaluated (the submitter's own approval for the first round). */
    voteId: text("vote_id").notNull(),
    /** [{policyId, outcome}] for every policy evaluated, in policy order. */
    policyEvaluations: jsonb("policy_evaluations").notNull(),
    /** OUTCOME_* of the round as a whole, and the policies that decided it. */
    outcome: text("outcome").notNull(),
    decidingPolicyIds: text("deciding_policy_ids").array().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("policy_evaluations_activity_idx").on(t.activityId, t.createdAt)],
);

export type PolicyRow = typeof policies.$inferSelect;
export type PolicyEvaluationRow = typeof policyEvaluations.$inferSelect;
