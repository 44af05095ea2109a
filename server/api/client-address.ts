import { normalizeAddress, stampedClientAddress } from "../client-address-header";

/**
 * The client's address for per-IP rate limits, or undefined when it cannot be trusted.
 *
 * With no proxy trusted (LATCHKEY_TRUST_PROXY=0, the default) it is the socket's address, which
 * `latchkey start` writes into CLIENT_ADDRESS_HEADER; `next start` alone has none to give (it copies
 * the socket address into X-Forwarded-For only when the client sent no such header, so that header
 * names whatever the client likes). With LATCHKEY_TRUST_PROXY=n, X-Forwarded-For is read: each proxy
 * in front appends the address it saw, so the entry n places from the right was written by our
 * nearest trusted proxy about its peer.
 */
export function clientAddress(headers: Headers, trustProxyHops: number): string | undefined {
  if (trustProxyHops === 0) {
    return stampedClientAddress(headers);
  }
  const entries = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return undefined;
  // Fewer entries than proxies: the request skipped some; the leftmost is the best there is.
  return normalizeAddress(entries[Math.max(0, entries.length - trustProxyHops)]);
}
