import { pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { activities } from "./activities";

/** One user's approval or rejection of one activity, with the signed request that cast it. */
export const votes = pgTable(
  "votes",
  {
    id: text("id").primaryKey(),
    activityId: text("activity_id")
      .notNull()
      .references(() => activities.id),
    organizationId: text("organization_id").notNull(),
    userId: text("user_id").notNull(),
    selection: text("selection").notNull(),
    /** The raw request body that was signed. */
    message: text("message").notNull(),
    publicKey: text("public_key").notNull(),
    signature: text("signature").notNull(),
    scheme: text("scheme").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  // (activity, user) also serves every lookup by activity alone: no second index to keep up per vote.
  (t) => [uniqueIndex("votes_activity_user_idx").on(t.activityId, t.userId)],
);

export type VoteRow = typeof votes.$inferSelect;
