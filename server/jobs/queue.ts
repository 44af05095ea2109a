import { and, eq, inArray, lte, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { type JobRow, jobs } from "../db/schema";
import { newId } from "../ids";

/**
 * A durable job queue in the application's own database, so that it works the same on PGlite and
 * on PostgreSQL, and so that a job is enqueued in the very transaction of the change that needs it
 * (an activity that asks for a broadcast commits its job with it, or neither exists). Several
 * instances on one PostgreSQL share it: a claim takes due rows with FOR UPDATE SKIP LOCKED.
 */

export interface EnqueueOptions {
  /** When to run it first (default: now). */
  runAt?: Date;
  /** Attempts before it is marked failed (default 8). */
  maxAttempts?: number;
}

export async function enqueue(
  db: DbOrTx,
  now: Date,
  kind: string,
  payload: Record<string, unknown>,
  options: EnqueueOptions = {},
): Promise<string> {
  const id = newId(now.getTime());
  await db.insert(jobs).values({
    id,
    kind,
    payload,
    state: "queued",
    runAt: options.runAt ?? now,
    maxAttempts: options.maxAttempts ?? 8,
    createdAt: now,
    updatedAt: now,
  });
  return id;
}

/**
 * Claim up to `limit` due jobs for `leaseMs`: queued ones whose time has come, and running ones
 * whose claim lapsed (their worker died). Each claim counts as an attempt.
 */
export async function claimDue(db: DbOrTx, now: Date, limit: number, leaseMs: number): Promise<JobRow[]> {
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      or(
        and(eq(jobs.state, "queued"), lte(jobs.runAt, now)),
        and(eq(jobs.state, "running"), lte(jobs.lockedUntil, now)),
      ),
    )
    .orderBy(jobs.runAt)
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(jobs)
    .set({
      state: "running",
      lockedUntil: new Date(now.getTime() + leaseMs),
      attempts: sql`${jobs.attempts} + 1`,
      updatedAt: now,
    })
    .where(inArray(jobs.id, due))
    .returning();
}

export async function markDone(db: DbOrTx, id: string, now: Date): Promise<void> {
  await db.update(jobs).set({ state: "done", lockedUntil: null, updatedAt: now }).where(eq(jobs.id, id));
}

/** Retry it at `runAt` after an error (the attempt counts). */
export async function retryLater(
  db: DbOrTx,
  id: string,
  now: Date,
  runAt: Date,
  error: string,
): Promise<void> {
  await db
    .update(jobs)
    .set({ state: "queued", runAt, lockedUntil: null, updatedAt: now, lastError: error })
    .where(eq(jobs.id, id));
}

/** Look again at `runAt`: a poll that found nothing new yet is not a failed attempt. */
export async function pollLater(db: DbOrTx, id: string, now: Date, runAt: Date): Promise<void> {
  await db
    .update(jobs)
    .set({ state: "queued", runAt, lockedUntil: null, attempts: 0, updatedAt: now })
    .where(eq(jobs.id, id));
}

export async function markFailed(db: DbOrTx, id: string, now: Date, error: string): Promise<void> {
  await db
    .update(jobs)
    .set({ state: "failed", lockedUntil: null, lastError: error, updatedAt: now })
    .where(eq(jobs.id, id));
}

/** Exponential backoff with full jitter: 1 s, 2 s, 4 s … capped at 5 minutes. */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(300_000, 1000 * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
