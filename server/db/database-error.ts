/**
 * Whether a unique index refused the row (SQLSTATE 23505; with `constraint`, that index): e.g. a
 * concurrent activity took the key first. Drizzle wraps the driver's error in its own
 * (DrizzleQueryError, the driver's error as `cause`) and callers may wrap it again, so the chain of
 * causes is searched: a test of `code` on the error as caught never sees the database's code.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (
    let cause = error, depth = 0;
    cause && depth < 8;
    cause = (cause as { cause?: unknown }).cause, depth++
  ) {
    const found = cause as { code?: unknown; constraint?: unknown };
    if (found.code === "23505" && (constraint === undefined || found.constraint === constraint)) return true;
  }
  return false;
}
