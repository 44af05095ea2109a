/** Fields of a database error that locate the fault without quoting the row (`detail` would). */
const SAFE_FIELDS = ["code", "constraint", "table", "column", "severity"] as const;

/** Drop what follows the first line that starts listing values: drizzle appends "params: …". */
function withoutValues(text: string): string {
  const cut = text.indexOf("\nparams:");
  return cut === -1 ? text : text.slice(0, cut);
}

/**
 * An error as a log field: its kind, message, database error code and stack frames, following
 * `cause`. A failed query's parameters are left out: they can be the raw request body, its stamp,
 * or key material on its way into the database. The pino `err` serializer of every logger.
 */
export function errorForLog(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  const fields: Record<string, unknown> = {
    type: error.constructor?.name || error.name,
    message: withoutValues(error.message),
  };
  const record = error as unknown as Record<string, unknown>;
  for (const field of SAFE_FIELDS) {
    const value = record[field];
    if (typeof value === "string" || typeof value === "number") fields[field] = value;
  }
  const frames = (error.stack ?? "").split("\n").filter((line) => line.startsWith("    at "));
  if (frames.length > 0) fields.stack = frames.join("\n");
  if (error.cause !== undefined && depth < 3) fields.cause = errorForLog(error.cause, depth + 1);
  return fields;
}
