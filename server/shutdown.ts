import type { Logger } from "./observability/logger";

/** How long in-flight requests get to finish after SIGTERM/SIGINT before the process closes anyway. */
export const SHUTDOWN_GRACE_MS = 10_000;

const SIGNALS = ["SIGTERM", "SIGINT"] as const;
const KEY = Symbol.for("latchkey.shutdown");
type Holder = { [KEY]?: true };

export interface ShutdownOptions {
  /** Closes what the process opened: the job worker, local devnets, the database (in that order). */
  close(): Promise<void>;
  logger: Logger;
  graceMs?: number;
}

/**
 * Close the application context before the process exits on SIGTERM or SIGINT.
 *
 * `next start` handles these signals itself: it stops accepting connections, waits for the requests
 * in flight, closes its server and then calls `process.exit` — without any hook for the
 * application. So, when the signal comes, this takes over that final `process.exit`: the context is
 * closed first (the worker stops, Anvil dumps its state, PGlite flushes and releases its data-dir
 * lock), then the process exits 0. Without a framework listener (NEXT_MANUAL_SIG_HANDLE), it closes
 * and exits on its own. If requests are still running after the grace period, it closes anyway and
 * exits 1: what they had not committed is rolled back, as after a crash.
 */
export function closeOnSignals(options: ShutdownOptions): void {
  const holder = globalThis as Holder;
  if (holder[KEY]) return;
  holder[KEY] = true;
  let started = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (started) return; // a terminal sends SIGINT to the whole group, `latchkey start` forwards it too
    started = true;
    options.logger.info({ signal }, "shutting down: finishing requests in flight");
    const exit = process.exit.bind(process);
    let closing: Promise<void> | undefined;
    const closeThenExit = (code: number) => {
      closing ??= options.close().then(
        () => {
          options.logger.info({ code }, "shut down");
          exit(code);
        },
        (error: unknown) => {
          options.logger.error({ err: error }, "shutdown could not close everything");
          exit(1);
        },
      );
      return closing;
    };
    const frameworkHandles = process.listenerCount(signal) > 1;
    if (!frameworkHandles) {
      void closeThenExit(0);
      return;
    }
    // The framework's own exit code says "killed by a signal" (143, 130); ours says "stopped cleanly".
    process.exit = ((_code?: number) => {
      void closeThenExit(0);
    }) as typeof process.exit;
    setTimeout(() => {
      options.logger.warn({ graceMs: options.graceMs ?? SHUTDOWN_GRACE_MS }, "requests still running");
      void closeThenExit(1);
    }, options.graceMs ?? SHUTDOWN_GRACE_MS).unref();
  };
  for (const signal of SIGNALS) process.on(signal, onSignal);
}
