import { randomBytes } from "node:crypto";

/**
 * Solana's JSON-RPC carries u64 quantities (lamports, token amounts, slots) as bare JSON numbers,
 * which JavaScript's JSON loses above 2^53. Every JSON-RPC hop (the devnet, the client Latchkey
 * talks to nodes with, the /rpc route) reads and writes them exactly: integers beyond the safe range
 * are parsed from their source text into bigints, and bigints are written as numbers.
 */
export function parseJsonExact(text: string): unknown {
  return JSON.parse(text, (_key, value, context?: { source?: string }) =>
    typeof value === "number" && !Number.isSafeInteger(value) && /^-?\d+$/.test(context?.source ?? "")
      ? BigInt(context!.source!)
      : value,
  );
}

/**
 * Bigints are written as a marked string, then unquoted. The mark holds a random part chosen per
 * process, so a string someone sent (a JSON-RPC id, a log line echoed back) can never carry it and
 * be turned into a number.
 */
const MARK = `big${randomBytes(12).toString("hex")}:`;
const MARKED = new RegExp(`"\\\\u0000${MARK}(-?\\d+)"`, "g");

export function stringifyJsonExact(value: unknown): string {
  return JSON.stringify(value, (_key, v) => (typeof v === "bigint" ? `\u0000${MARK}${v}` : v)).replace(
    MARKED,
    "$1",
  );
}
