type Queryable = { query: (...args: unknown[]) => unknown };
type Callback = (error: Error | null, result?: unknown) => void;

/**
 * Every statement a pooled connection runs is handed to node-postgres with its callback, and
 * answered as a promise from here: what its promise form does, without building the query first
 * and giving it its callback afterwards, which it does. Measured on Node 24 (docs/scaling.md,
 * fifteenth pass): with the callback set after the query is built, about 9 MB of each young
 * generation's objects survived every scavenge and were promoted, to die in the old generation;
 * with it passed at construction, 0.1 MB. Innermost of the wrappers of `query` (open.ts registers
 * it first), so the statements they build (pipelined-query.ts) take the same path.
 *
 * The config is copied: node-postgres writes the values and the callback onto the config it is
 * given, and Drizzle passes the same config object, kept with its prepared statement, every time.
 */
export function queryWithCallbacks(client: Queryable): void {
  const query = client.query;
  Object.defineProperty(client, "query", {
    configurable: true,
    writable: true,
    value(this: unknown, ...args: unknown[]) {
      const [config, values] = args;
      if (isSubmittable(config)) return query.apply(this, args);
      const own = typeof config === "object" && config !== null ? { ...config } : config;
      if (args.some((arg) => typeof arg === "function")) return query.call(this, own, ...args.slice(1));
      return new Promise((resolve, reject) => {
        const answered: Callback = (error, result) => (error ? reject(error) : resolve(result));
        query.call(this, own, values, answered);
      });
    },
  });
}

const isSubmittable = (config: unknown) =>
  typeof config === "object" &&
  config !== null &&
  typeof (config as { submit?: unknown }).submit === "function";
