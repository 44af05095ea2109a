import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Turns at the database, given by rank: a request's rank is the moment it arrived, so a request
 * already under way goes ahead of the ones that came after it (oldest-first.ts says why). Work
 * outside a request (jobs, startup) ranks by the moment it asks, so it waits only for requests that
 * arrived before it did: nothing waits forever behind a stream of newer requests. The health check
 * ranks before everything (`servedFirst`), as on PostgreSQL, where it never queues behind requests.
 */

// Next.js may load this module in more than one bundle (the route that marks the arrival, the runtime
// that opens the database): one scope per process on globalThis, as for the round-trip tally.
const KEY = Symbol.for("latchkey.requestArrival");
const holder = globalThis as { [KEY]?: AsyncLocalStorage<number> };
holder[KEY] ??= new AsyncLocalStorage<number>();
const arrivals = holder[KEY];

/** Run a request's work ranked by this moment, its arrival, whenever it asks for a turn. */
export function servedAsArrivedNow<T>(work: () => Promise<T>): Promise<T> {
  return arrivals.run(performance.now(), work);
}

/** Run work ranked before every request: the health check's reading. */
export function servedFirst<T>(work: () => Promise<T>): Promise<T> {
  return arrivals.run(Number.NEGATIVE_INFINITY, work);
}

/** The rank of whatever asks now. */
function currentRank(): number {
  return arrivals.getStore() ?? performance.now();
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

/**
 * `size` turns, lent one per `take` and given back by `giveBack`; when all are out, the waiter with
 * the earliest rank gets the next one. With `yieldEveryMs`, once that long has passed since the last
 * such hand-over, the next turn is handed on from the event loop's check phase instead of at once:
 * for a database that runs on this thread (PGlite), whose statements would otherwise follow
 * each other in one unbroken chain of promises, leaving the loop no moment to read a health check or
 * a new request until the whole queue is done. Not after every turn: the database would then sit idle
 * while the loop ran everything else that was ready, and the queue it serves would move slower.
 */
export class RankedTurns {
  private readonly waiting = new RankedWaiters();
  private out = 0;
  /**
   * When a turn was last handed on from the loop's check phase. Not reset when the turns fall free:
   * between two statements a request's own code runs on in the same chain of promises, so turns
   * often fall free and are taken again without the loop ever having run.
   */
  private since = performance.now();

  constructor(
    private readonly size: number,
    private readonly options: { yieldEveryMs?: number } = {},
  ) {}

  take(): Promise<void> {
    if (this.out < this.size) {
      this.out++;
      return Promise.resolve();
    }
    // Ranked only when it must wait: a free turn is taken without reading the request's scope.
    const rank = currentRank();
    return new Promise((admit) => this.waiting.push(rank, admit));
  }

  giveBack(): void {
    const every = this.options.yieldEveryMs;
    if (every === undefined || performance.now() - this.since < every) {
      this.handOn();
      return;
    }
    setImmediate(() => {
      this.since = performance.now();
      this.handOn();
    });
  }

  private handOn(): void {
    const next = this.waiting.shift();
    if (next) next.admit();
    else this.out--;
  }
}
