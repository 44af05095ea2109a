import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * The hot paths — POST /public/v1/submit/<name>, POST /public/v1/query/<name> and GET /healthz —
 * answered by the same functions as their Next.js route files, but called straight from `latchkey
 * start`'s own HTTP server (server/cli/start.ts): Next's router, its request and response adapters
 * and its streams cost about as much CPU per request as a signed activity's own work
 * (docs/scaling.md). Everything else, and every variant of these paths that needs Next's rules (a
 * trailing slash, a query string, an escaped character, another method), still goes to Next.
 *
 * The handler answers a request (true) or declines it (false, nothing written).
 */
export type DirectRoutes = (req: IncomingMessage, res: ServerResponse) => boolean;

// A slot on globalThis, filled by instrumentation.ts inside Next's server bundle — so the handler
// runs the bundle's own modules, those that opened the application context — and read by `latchkey
// start`, which must not load the server's modules a second time. This file imports nothing else.
const KEY = Symbol.for("latchkey.directRoutes");
type Holder = { [KEY]?: DirectRoutes };

export function setDirectRoutes(handler: DirectRoutes): void {
  (globalThis as Holder)[KEY] = handler;
}

/** The handler instrumentation.ts registered, or undefined (under `next start` nobody reads it). */
export function directRoutes(): DirectRoutes | undefined {
  return (globalThis as Holder)[KEY];
}
