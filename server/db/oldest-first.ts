import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Which waiter gets the next free pooled connection: the one whose request arrived first.
 *
 * A request borrows a connection more than once (a signature: its caller's lookup, then its
 * transaction). pg-pool serves waiters in the order they asked, so a request coming back for its
 * second connection queued behind every request that had arrived meanwhile and asked for its first:
 * under a load that keeps the pool busy each request waited through the whole queue about twice,
 * and its latency depended on how the two waits happened to fall. Served by arrival, a request
 * already under way goes ahead of the ones that came after it, which is first come, first served
 * for the request as a whole (docs/scaling.md, thirteenth pass, has what it measured).
 *
 * Work outside a request (jobs, startup) ranks by the moment it asks, so it waits only for the
 * requests that arrived before it did: nothing waits forever behind a stream of newer requests.
 */

// Next.js may load this module in more than one bundle (the route that marks the arrival, the runtime
// that opens the pool): one scope per process on globalThis, as for the round-trip tally.
const KEY = Symbol.for("latchkey.requestArrival");
const holder = globalThis as { [KEY]?: AsyncLocalStorage<number> };
holder[KEY] ??= new AsyncLocalStorage<number>();
const arrivals = holder[KEY];

/** Run a request's work ranked by this moment, its arrival, whenever it asks for a connection. */
export function servedAsArrivedNow<T>(work: () => Promise<T>): Promise<T> {
  return arrivals.run(performance.now(), work);
}

interface Waiter {
  rank: number;
  order: number;
  admit: () => void;
}

const before = (a: Waiter, b: Waiter) => a.rank < b.rank || (a.rank === b.rank && a.order < b.order);

/** The waiters, earliest rank first (a binary heap; ties in the order they asked). */
class RankedWaiters {
  private readonly heap: Waiter[] = [];
  private asked = 0;

  get size(): number {
    return this.heap.length;
  }

  push(rank: number, admit: () => void): void {
    const heap = this.heap;
    heap.push({ rank, order: this.asked++, admit });
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(heap[i]!, heap[parent]!)) break;
      [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
      i = parent;
    }
  }

  shift(): Waiter | undefined {
    const heap = this.heap;
    const first = heap[0];
    const last = heap.pop();
    if (heap.length > 0 && last) {
      heap[0] = last;
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        const right = left + 1;
        let least = i;
        if (left < heap.length && before(heap[left]!, heap[least]!)) least = left;
        if (right < heap.length && before(heap[right]!, heap[least]!)) least = right;
        if (least === i) break;
        [heap[i], heap[least]] = [heap[least]!, heap[i]!];
        i = least;
      }
    }
    return first;
  }
}

type Borrowed = { release: (error?: Error | boolean) => unknown };
type Connect = (...args: unknown[]) => unknown;

/**
 * Let at most `size` connections of `pool` (its own `max`) be lent at once, and when all are, admit
 * waiters by rank (their request's arrival) instead of pg-pool's order of asking. The pool itself then
 * never has a waiter of its own. Both forms of `connect` are served: the promise (Drizzle's
 * transactions) and the callback (`pool.query`). `waited` hears how long each borrowing took, from
 * asking to holding the connection (a new connection's opening included), in the borrower's context.
 */
export function serveOldestFirst(
  pool: { connect: Connect },
  size: number,
  waited: (ms: number) => void = () => undefined,
): void {
  const connect = pool.connect;
  const waiting = new RankedWaiters();
  let lent = 0;
  const giveBack = () => {
    const next = waiting.shift();
    if (next) next.admit();
    else lent--;
  };
  const admitted = (): Promise<void> => {
    if (lent < size) {
      lent++;
      return Promise.resolve();
    }
    const rank = arrivals.getStore() ?? performance.now();
    return new Promise((admit) => waiting.push(rank, admit));
  };
  pool.connect = function (this: unknown, ...args: unknown[]) {
    const asked = performance.now();
    const borrowing = admitted()
      .then(() => connect.call(this) as Promise<Borrowed>)
      .then(
        (client) => {
          waited(performance.now() - asked);
          const release = client.release;
          let returned = false;
          client.release = (error?: Error | boolean) => {
            if (!returned) {
              returned = true;
              giveBack();
            }
            return release.call(client, error);
          };
          return client;
        },
        (error: unknown) => {
          giveBack();
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
