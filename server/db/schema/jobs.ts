import { index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The background job queue: work that must happen after a request has been answered (broadcasting,
 * following a transaction to confirmation). A job is written in the same transaction as whatever
 * made it necessary, so it exists exactly when that change does, and survives restarts.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: text("id").primaryKey(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").notNull(),
    /** `queued` (waiting for runAt), `running` (claimed until lockedUntil), `done`, `failed`. */
    state: text("state").notNull(),
    runAt: timestamp("run_at", { withTimezone: true }).notNull(),
    /** A claim expires: a worker that died holding it gives the job back at this time. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull(),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("jobs_due_idx").on(t.state, t.runAt)],
);

export type JobRow = typeof jobs.$inferSelect;
