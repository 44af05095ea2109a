import { createHash } from "node:crypto";

/**
 * PostgreSQL parses, analyses and plans every unnamed statement it receives, each time. The
 * statements of a request are the same few texts over and over (only their parameters change), so
 * naming them lets each pooled connection parse a text once and then only bind and execute it:
 * measured on a signed activity, a third to nearly half of PostgreSQL's CPU per request.
 *
 * A text is named once it has been seen `after` times (one-off statements — migrations, a backup's
 * dynamic SQL, an IN list of an unusual length — stay unnamed), and each connection keeps at most
 * `perConnection` named statements, the first hot ones it meets, so a backend's memory stays
 * bounded whatever texts the application sends. A named statement lives as long as its connection.
 */
export interface StatementNaming {
  after: number;
  perConnection: number;
}

export const DEFAULT_NAMING: StatementNaming = { after: 2, perConnection: 256 };

/** Texts whose use count is kept; past it, a new text is never named (the hot ones came first). */
const MAX_TRACKED_TEXTS = 20_000;

interface QueryConfigLike {
  text?: unknown;
  name?: unknown;
  submit?: unknown;
}

type PoolClient = { query: (...args: unknown[]) => unknown };

export function nameHotStatements(
  pool: { on(event: "connect", listener: (client: PoolClient) => void): unknown },
  naming: StatementNaming = DEFAULT_NAMING,
): void {
  const seen = new Map<string, { uses: number; name: string | undefined }>();

  const nameFor = (text: string): string | undefined => {
    let entry = seen.get(text);
    if (!entry) {
      if (seen.size >= MAX_TRACKED_TEXTS) return undefined;
      entry = { uses: 0, name: undefined };
      seen.set(text, entry);
    }
    entry.uses++;
    if (entry.uses < naming.after) return undefined;
    entry.name ??= `lk_${createHash("sha256").update(text).digest("base64url").slice(0, 24)}`;
    return entry.name;
  };

  pool.on("connect", (client) => {
    const named = new Set<string>();
    const query = client.query;
    // defineProperty, like the round-trip counter: whichever wraps first, both see every call.
    Object.defineProperty(client, "query", {
      configurable: true,
      writable: true,
      value(this: unknown, ...args: unknown[]) {
        const config = args[0] as QueryConfigLike | undefined;
        // Only plain query configs: a string, an already named statement or a Submittable (cursor,
        // stream) is passed through as it came.
        if (
          config &&
          typeof config === "object" &&
          typeof config.text === "string" &&
          !config.name &&
          !config.submit
        ) {
          const name = nameFor(config.text);
          if (name && (named.has(name) || named.size < naming.perConnection)) {
            named.add(name);
            args[0] = { ...config, name };
          }
        }
        return query.apply(this, args);
      },
    });
  });
}
