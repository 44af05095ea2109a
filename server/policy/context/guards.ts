/** A JSON-like object (not an array, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The first line of a library's error (viem's `shortMessage` when it has one), for a 400 message. */
export function errorSummary(error: unknown): string {
  const message =
    error instanceof Error ? (error as { shortMessage?: string }).shortMessage || error.message : "";
  return message.split("\n")[0] || "unreadable";
}
