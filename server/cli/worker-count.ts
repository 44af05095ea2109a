/** `LATCHKEY_WORKERS`: how many processes `latchkey start` serves from on PostgreSQL (default: cores). */
export const WORKERS_ENV = "LATCHKEY_WORKERS";

export function workerCount(raw: string | undefined, cores: number): number {
  if (raw === undefined || raw.trim() === "") return Math.max(1, cores);
  const count = Number(raw.trim());
  if (!Number.isInteger(count) || count < 1 || count > 256) {
    throw new Error(`${WORKERS_ENV} must be a whole number of processes from 1 to 256, got "${raw}"`);
  }
  return count;
}
