import { AsyncLocalStorage } from "node:async_hooks";
import { RankedTurns } from "./ranked-turns";

/**
 * Who gets the database next when requests queue for it: the one whose request arrived first
 * (ranked-turns.ts), on PostgreSQL's pool and on PGlite's one connection alike.
 *
 * A request uses the database more than once (a signature: its caller's lookup, then its
 * transaction). pg-pool serves waiters in the order they asked, and PGlite its statements, so a
 * request coming back for its second turn queued behind every request that had arrived meanwhile
 * and asked for its first: under a load that keeps the database busy each request waited through
 * the whole queue about twice, and its latency depended on how the two waits happened to fall.
 * Served by arrival, a request already under way goes ahead of the ones that came after it, which
 * is first come, first served for the request as a whole (docs/scaling.md, thirteenth pass, has
 * what it measured).
 */

type Borrowed = { release: (error?: Error | boolean) => unknown };
type Connect = (...args: unknown[]) => unknown;

/**
 * Let at most `size` connections of `pool` (its own `max`) be lent at once, and when all are, admit
 * waiters by rank instead of pg-pool's order of asking. The pool itself then never has a waiter of
 * its own. Both forms of `connect` are served: the promise (Drizzle's transactions) and the callback
 * (`pool.query`). `waited` hears how long each borrowing took, from asking to holding the connection
 * (a new connection's opening included), in the borrower's context.
 */
export function serveOldestFirst(
  pool: { connect: Connect },
  size: number,
  waited: (ms: number) => void = () => undefined,
): void {
  const connect = pool.connect;
  const turns = new RankedTurns(size);
  // Opened at startup (instrumentation.ts), as readiness.ts's own connection is: outside every request.
  const handBack = new HandBack(turns, AsyncLocalStorage.snapshot());
  pool.connect = function (this: unknown, ...args: unknown[]) {
    const asked = performance.now();
    const borrowing = turns
      .take()
      .then(() => connect.call(this) as Promise<Borrowed>)
      .then(
        (client) => {
          waited(performance.now() - asked);
          return handBack.onRelease(client);
        },
        (error: unknown) => {
          turns.giveBack();
          throw error;
        },
      );
    const [callback] = args;
    if (typeof callback !== "function") return borrowing;
    borrowing.then(
      (client) => callback(undefined, client, client.release),
      (error: unknown) => callback(error),
    );
    return undefined;
  };
}

/**
 * How a borrowed connection is handed back: its release gives the turn back (once, however often
 * it is called), and the pool's own release work runs in the async context the pool was opened in,
 * not the borrower's — pg-pool arms an idle timer there, which would hold the borrower's context
 * until the connection's next use or its idle timeout.
 *
 * A class, so that the release stored on the long-lived connection is made in its method and keeps
 * only the connection, the turns and that context. Made in the scope that asked for the connection
 * (where a minifier also inlines any helper function called there), it kept the borrower's callback,
 * and through it the request's query and result: under load every request's objects then outlived
 * the young generation's collections (docs/scaling.md, fifteenth pass: 85 MB promoted in 4 s, 2 MB
 * without). idle-connections-keep-nothing.postgres.test.ts holds both.
 */
class HandBack {
  constructor(
    private readonly turns: RankedTurns,
    private readonly outsideRequests: <R>(work: () => R) => R,
  ) {}

  onRelease(borrowed: Borrowed): Borrowed {
    const { turns, outsideRequests } = this;
    const release = borrowed.release;
    let returned = false;
    borrowed.release = (error?: Error | boolean) => {
      if (!returned) {
        returned = true;
        turns.giveBack();
      }
      return outsideRequests(() => release.call(borrowed, error));
    };
    return borrowed;
  }
}

type PgliteEntry = (...args: never[]) => Promise<unknown>;

/**
 * How long PGlite's statements may follow each other before the event loop gets a turn: what a
 * health check or a new request waits at most beyond the statement under way. Measured in the bench
 * (docs/scaling.md, thirteenth pass): after every statement cost up to a third of the throughput of
 * the activities of many statements; 10 ms kept it and the health check's p99 under 50 ms.
 */
const PGLITE_YIELD_EVERY_MS = 10;

/**
 * PGlite runs one statement, or one transaction, at a time, each in the order asked: its entry points
 * (`query`, `exec`, `transaction`) take their turn by rank here first, one at a time, so its own queue
 * holds at most the one running. A transaction keeps its turn until it ends, as it keeps PGlite. PGlite
 * runs on this thread: every PGLITE_YIELD_EVERY_MS of turns the event loop reads what arrived.
 */
export function servePgliteOldestFirst(client: {
  query: PgliteEntry;
  exec: PgliteEntry;
  transaction: PgliteEntry;
}): void {
  const turns = new RankedTurns(1, { yieldEveryMs: PGLITE_YIELD_EVERY_MS });
  for (const method of ["query", "exec", "transaction"] as const) {
    const entry = client[method] as (...args: unknown[]) => Promise<unknown>;
    Object.defineProperty(client, method, {
      configurable: true,
      value(this: unknown, ...args: unknown[]) {
        return turns.take().then(async () => {
          try {
            return await entry.apply(this, args);
          } finally {
            turns.giveBack();
          }
        });
      },
    });
  }
}
