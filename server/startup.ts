import { getRuntime } from "./runtime";

/** Open the database (and take the PGlite lock) at start-up, so a bad setup fails at once, loudly. */
export async function openRuntimeOrExit(): Promise<void> {
  try {
    await getRuntime();
  } catch (error) {
    console.error(`latchkey: cannot start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
