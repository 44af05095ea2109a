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
      else {
        await pollLater(app.db, job.id, app.clock.now(), outcome.again);
        app.jobWake.notify(outcome.again);
      }
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
 * Work the queue while the server runs: drain what is due, then sleep until the pulse
 * (`intervalMs`, which finds jobs other instances enqueued) or until this process says a job is due
 * sooner (`app.jobWake`: a send just accepted, a receipt to look for in 100 ms), whichever comes
 * first. The timer is never the record of pending work: the jobs table is, so a restart picks up
 * exactly where the last run stopped.
 */
export function startWorker(
  app: AppContext,
  handlers: Parameters<typeof runDueJobs>[1],
  intervalMs = 250,
): Worker {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let wakeAt = Number.POSITIVE_INFINITY;
  let draining = false;
  let again = false;
  let running: Promise<void> = Promise.resolve();
  const schedule = (delayMs: number) => {
    if (stopped) return;
    const at = Date.now() + delayMs;
    if (timer && at >= wakeAt) return;
    clearTimeout(timer);
    wakeAt = at;
    timer = setTimeout(tick, delayMs);
  };
  const tick = () => {
    timer = undefined;
    wakeAt = Number.POSITIVE_INFINITY;
    if (draining) {
      again = true; // a nudge during a drain: look once more before sleeping
      return;
    }
    draining = true;
    running = (async () => {
      do {
        again = false;
        try {
          while (!stopped && (await runDueJobs(app, handlers)) > 0) {
            // drain what is due before sleeping
          }
        } catch (error) {
          app.logger.error({ err: error }, "job worker round failed");
        }
      } while (again && !stopped);
      draining = false;
      schedule(intervalMs);
    })();
  };
  const unlisten = app.jobWake.listen((at) =>
    schedule(at ? Math.max(0, at.getTime() - app.clock.now().getTime()) : 0),
  );
  schedule(0);
  return {
    async stop() {
      stopped = true;
      unlisten();
      clearTimeout(timer);
      await running;
    },
  };
}
