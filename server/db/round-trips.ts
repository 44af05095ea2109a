import { AsyncLocalStorage, AsyncResource } from "node:async_hooks";

/**
 * Database round trips, counted per unit of work (a request): every statement the driver sends,
 * BEGIN and COMMIT included. The count is read from the driver itself (each `query`/`exec` call on
 * a pooled PostgreSQL client, or on PGlite and its transactions), so it is the same figure on both
 * databases and nothing can issue a statement unseen. Work outside a counted scope (job workers,
 * startup) is not attributed to anyone.
 */
interface Tally {
  roundTrips: number;
  /** Time spent waiting for pooled connections (PostgreSQL's pool; PGlite has none), ms. */
  poolWaitMs: number;
}

// Next.js may load this module in more than one bundle (the route that counts, the runtime that opens
// the pool): one scope per process on globalThis, or the pool's counter never sees the request's tally.
const KEY = Symbol.for("latchkey.roundTrips");
const holder = globalThis as { [KEY]?: AsyncLocalStorage<Tally> };
holder[KEY] ??= new AsyncLocalStorage<Tally>();
const scope = holder[KEY];

function count(): void {
  const tally = scope.getStore();
  if (tally) tally.roundTrips++;
}

/**
 * Run `work` and count the round trips it makes, and the time it waited for pooled connections
 * (concurrent work is counted apart).
 */
export async function countRoundTrips<T>(
  work: () => Promise<T>,
): Promise<{ value: T; roundTrips: number; poolWaitMs: number }> {
  const tally: Tally = { roundTrips: 0, poolWaitMs: 0 };
  const value = await scope.run(tally, work);
  return { value, roundTrips: tally.roundTrips, poolWaitMs: tally.poolWaitMs };
}

/** Charge the current unit of work with `ms` spent waiting for a pooled connection. */
export function notePoolWait(ms: number): void {
  const tally = scope.getStore();
  if (tally) tally.poolWaitMs += ms;
}

/** The round trips made so far in the current scope (undefined outside one). */
export function roundTripsSoFar(): number | undefined {
  return scope.getStore()?.roundTrips;
}

type Queryable = { query: (...args: never[]) => unknown; exec?: (...args: never[]) => unknown };

function countCalls<T extends Queryable>(target: T, extra = 0): T {
  for (const method of ["query", "exec"] as const) {
    const original = target[method] as ((...args: unknown[]) => unknown) | undefined;
    if (typeof original !== "function") continue;
    Object.defineProperty(target, method, {
      configurable: true,
      value(this: unknown, ...args: unknown[]) {
        count();
        return original.apply(this, args);
      },
    });
  }
  for (let i = 0; i < extra; i++) count();
  return target;
}

/**
 * node-postgres: every client the pool hands out counts its statements. A request that waits for a
 * connection gets it in pg-pool's callback, which runs in the async context of whoever released the
 * connection; binding the callback to the waiting request's context counts its statements as its own.
 */
export function countPoolRoundTrips(pool: {
  on(event: "connect", listener: (client: Queryable) => void): unknown;
  connect: (...args: unknown[]) => unknown;
}) {
  pool.on("connect", (client) => countCalls(client));
  const connect = pool.connect;
  pool.connect = function (this: unknown, ...args: unknown[]) {
    const [callback] = args;
    if (typeof callback !== "function") return connect.apply(this, args);
    return connect.call(this, inAskersContext(callback as (...a: unknown[]) => unknown));
  };
}

/**
 * `callback`, to run in the async context it was made in. Not `AsyncResource.bind`: on Node 24 each
 * bound function gets a deprecated `asyncResource` accessor made by `util.deprecate`, and with it
 * every request's objects survived the young generation's collections (docs/scaling.md, fifteenth
 * pass: 110 MB promoted in 4 s against 2.6 MB for this).
 */
function inAskersContext(callback: (...args: unknown[]) => unknown): (...args: unknown[]) => unknown {
  const resource = new AsyncResource("latchkey.poolConnect");
  return (...args) => resource.runInAsyncScope(callback, undefined, ...args);
}

/**
 * PGlite: statements on the instance, and on each transaction it opens, whose BEGIN and COMMIT
 * (or ROLLBACK) PGlite sends itself: two more round trips per transaction.
 */
export function countPgliteRoundTrips<
  P extends Queryable & { transaction: <R>(fn: (tx: Queryable) => Promise<R>) => Promise<R> },
>(client: P): P {
  countCalls(client);
  const transaction = client.transaction.bind(client);
  Object.defineProperty(client, "transaction", {
    configurable: true,
    value: <R>(fn: (tx: Queryable) => Promise<R>) => {
      count(); // BEGIN
      return transaction((tx) => fn(countCalls(tx))).finally(count); // COMMIT or ROLLBACK
    },
  });
  return client;
}
