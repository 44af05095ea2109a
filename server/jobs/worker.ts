import type { AppContext } from "../context";
import type { JobRow } from "../db/schema";
import { backoffMs, claimDue, markDone, markFailed, pollLater, retryLater } from "./queue";

/** What a handler decides about its job: finished, or look again later (a poll, not an error). */
export type JobOutcome = { done: true } | { again: Date };

export type JobHandler = (app: AppContext, job: JobRow) => Promise<JobOutcome>;

const LEASE_MS = 60_000;

/**
 * Run every job that is due now, once: claim a batch, run each handler, record the outcome. A
 * handler that throws is retried with backoff until its attempts run out, then marked failed (its
 * handler's `onGiveUp` is the place to record that on the domain row). Returns how many ran.
 */
export async function runDueJobs(
  app: AppContext,
  handlers: Record<
    string,
    JobHandler & { onGiveUp?(app: AppContext, job: JobRow, error: string): Promise<void> }
  >,
  limit = 10,
): Promise<number> {
  const claimed = await app.db.transaction((tx) => claimDue(tx, app.clock.now(), limit, LEASE_MS));
  for (const job of claimed) {
    const handler = handlers[job.kind];
    if (!handler) {
      await markFailed(app.db, job.id, app.clock.now(), `no handler for job kind ${job.kind}`);
      continue;
    }
    try {
      const outcome = await handler(app, job);
      if ("done" in outcome) await markDone(app.db, job.id, app.clock.now());
      else await pollLater(app.db, job.id, app.clock.now(), outcome.again);
    } catch (caught) {
      const error = caught instanceof Error ? caught.message : String(caught);
      const now = app.clock.now();
      if (job.attempts >= job.maxAttempts) {
        app.logger.warn({ jobId: job.id, kind: job.kind, err: caught }, "job gave up");
        await markFailed(app.db, job.id, now, error);
        await handler.onGiveUp?.(app, job, error);
      } else {
        app.logger.info({ jobId: job.id, kind: job.kind, attempt: job.attempts, error }, "job will retry");
        await retryLater(app.db, job.id, now, new Date(now.getTime() + backoffMs(job.attempts)), error);
      }
    }
  }
  return claimed.length;
}

export interface Worker {
  stop(): Promise<void>;
}

/**
 * Poll the queue every `intervalMs` while the server runs. The timer is only the pulse: the jobs
 * table is the record of pending work, so a restart picks up exactly where the last run stopped.
 */
export function startWorker(
  app: AppContext,
  handlers: Parameters<typeof runDueJobs>[1],
  intervalMs = 250,
): Worker {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = (async () => {
      try {
        while (!stopped && (await runDueJobs(app, handlers)) > 0) {
          // drain what is due before sleeping
        }
      } catch (error) {
        app.logger.error({ err: error }, "job worker round failed");
      }
      if (!stopped) timer = setTimeout(tick, intervalMs);
    })();
  };
  timer = setTimeout(tick, 0);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
