/**
 * A nudge for this process's job worker: "a job is due at `at` (default now)". It is only a hint
 * that saves waiting for the worker's pulse — the jobs table stays the record of pending work, so a
 * lost or spurious nudge changes nothing but latency. Jobs enqueued by another instance on the same
 * PostgreSQL are found by the pulse.
 */
export interface JobWake {
  notify(at?: Date): void;
  /** The worker's listener (one per process); returns the unsubscribe. */
  listen(listener: (at: Date | undefined) => void): () => void;
}

export function createJobWake(): JobWake {
  const listeners = new Set<(at: Date | undefined) => void>();
  return {
    notify(at) {
      for (const listener of listeners) listener(at);
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
