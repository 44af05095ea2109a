/**
 * Solana's JSON-RPC carries u64 quantities (lamports, token amounts, slots) as bare JSON numbers,
 * which JavaScript's JSON loses above 2^53. The devnet reads and writes them exactly: integers beyond
 * the safe range are parsed from their source text into bigints, and bigints are written as numbers.
 */
export function parseJsonExact(text: string): unknown {
  return JSON.parse(text, (_key, value, context?: { source?: string }) =>
    typeof value === "number" && !Number.isSafeInteger(value) && /^-?\d+$/.test(context?.source ?? "")
      ? BigInt(context!.source!)
      : value,
  );
}

const BIG = "\u0000big:";

export function stringifyJsonExact(value: unknown): string {
  return JSON.stringify(value, (_key, v) => (typeof v === "bigint" ? `${BIG}${v}` : v)).replace(
    /"\\u0000big:(-?\d+)"/g,
    "$1",
  );
}
