import { getRuntime } from "./runtime";
import { closeOnSignals } from "./shutdown";

/**
 * Open the database (and take the PGlite lock) at start-up, so a bad setup fails at once, loudly;
 * and close it all again on SIGTERM/SIGINT, once the requests in flight are answered.
 */
export async function openRuntimeOrExit(): Promise<void> {
  try {
    const app = await getRuntime();
    closeOnSignals({ close: () => app.close(), logger: app.logger });
  } catch (error) {
    console.error(`latchkey: cannot start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
