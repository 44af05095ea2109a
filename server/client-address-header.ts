import { isIP } from "node:net";

/**
 * The request header `latchkey start` sets, on every request, to the address of the socket it came
 * in on — after deleting whatever copy of it the client sent. Route handlers see no socket.
 */
export const CLIENT_ADDRESS_HEADER = "x-latchkey-client-address";

// Set on globalThis by `latchkey start`'s own HTTP server, in the process that serves the requests:
// under `next start` or `next dev` nobody strips the header, so a client could write it at will.
const KEY = Symbol.for("latchkey.clientAddressHeader");
type Holder = { [KEY]?: true };

/** Called by the server that sets CLIENT_ADDRESS_HEADER from the socket: from now on it is believed. */
export function trustClientAddressHeader(): void {
  (globalThis as Holder)[KEY] = true;
}

/** The socket address as one budget: IPv4 clients of a dual-stack socket appear as ::ffff:a.b.c.d. */
export function normalizeAddress(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  const address = raw.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");
  return isIP(address) ? address : undefined;
}

/** The address `latchkey start` wrote into CLIENT_ADDRESS_HEADER, if this process serves through it. */
export function stampedClientAddress(headers: Headers): string | undefined {
  if (!(globalThis as Holder)[KEY]) return undefined;
  return normalizeAddress(headers.get(CLIENT_ADDRESS_HEADER) ?? undefined);
}
