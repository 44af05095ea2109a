import { integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Rate-limit counters, one row per (scope, kind, subject) and fixed window. They live in the
 * database rather than in memory so that every instance on one PostgreSQL counts against the same
 * budget. Rows of past windows are dead weight and are pruned (server/rate-limit/count.ts).
 */
export const rateLimitBuckets = pgTable(
  "rate_limit_buckets",
  {
    /** `key` (the stamp's credential) or `ip` (the client's address). */
    scope: text("scope").notNull(),
    /** `activity` or `query`: each has its own budget. */
    kind: text("kind").notNull(),
    /** The credential's public key, or the client's address. */
    subject: text("subject").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.kind, t.subject, t.windowStart] })],
);
