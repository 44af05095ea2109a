import { isIP } from "node:net";

/**
 * The client's address for per-IP rate limits, or undefined when it cannot be trusted.
 *
 * Next.js does not hand route handlers the socket's address: `next start` copies it into
 * X-Forwarded-For only when the client sent no such header, so by itself the header names whatever
 * the client likes — trusting it would let anyone dodge their budget or spend a victim's. It is
 * read only when LATCHKEY_TRUST_PROXY says how many proxies in front append to it: each appends
 * the address it saw, so the entry that many places from the right was written by our nearest
 * trusted proxy about its peer.
 */
export function clientAddress(headers: Headers, trustProxyHops: number): string | undefined {
  if (trustProxyHops === 0) return undefined;
  const entries = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return undefined;
  // Fewer entries than proxies: the request skipped some; the leftmost is the best there is.
  const entry = entries[Math.max(0, entries.length - trustProxyHops)]!;
  // IPv4 clients of a dual-stack socket appear as ::ffff:a.b.c.d; one address, one budget.
  const address = entry.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");
  return isIP(address) ? address : undefined;
}
