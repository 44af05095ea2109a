import pg from "pg";
import type { Tx } from "./client";

/**
 * A transaction's last statement and its COMMIT in one round trip (node-postgres only).
 *
 * Every activity of an organization ends with the audit append, which locks the organization's
 * chain head until COMMIT. Sent apart, the COMMIT leaves after the append's answer has crossed to
 * Node, waited its turn on a busy event loop and crossed back: the lock is held for two network
 * trips and a queue, and every other submission of the organization waits behind it. Pipelined —
 * Parse/Bind/Execute of the statement, then of COMMIT, then one Sync — PostgreSQL commits as soon
 * as the statement ends, and the lock is held for the statement and the commit only.
 *
 * If the statement fails, PostgreSQL skips the COMMIT (everything up to the Sync is discarded) and
 * the transaction is left aborted, so Drizzle's ROLLBACK runs as it always does. If the COMMIT
 * fails, the transaction is gone, and the error is the statement's: Drizzle rolls back (a no-op)
 * and the caller sees a failed transaction, which it is. After a pipelined commit the connection
 * answers Drizzle's own COMMIT without sending it, and refuses any other statement until then: a
 * statement there would run outside the transaction, which is a bug to surface, not to commit.
 */

const PIPELINE_NEXT = Symbol("latchkey.pipelineCommitNext");
const COMMITTED = Symbol("latchkey.pipelinedCommitDone");
const SUPPORTED = Symbol("latchkey.pipelinedCommitSupported");

interface PipelinedClient {
  query: (...args: unknown[]) => unknown;
  [PIPELINE_NEXT]?: boolean;
  [COMMITTED]?: boolean;
  [SUPPORTED]?: true;
}

type QueryConfig = { text: string; name?: string; rowMode?: string; types?: unknown };
type Connection = {
  execute(options: { portal: string; rows?: number }): void;
  parse(options: { text: string }): void;
  bind(options: object): void;
  sync(): void;
};

/** pg's Query, with COMMIT sent behind the statement before the Sync. */
class QueryThenCommit extends (pg.Query as unknown as new (
  config: QueryConfig,
  values: unknown[] | undefined,
) => {
  portal: string;
  handleCommandComplete(msg: { command: string }, connection: Connection): void;
  callback?: (error: Error | null, result?: unknown) => void;
}) {
  private statementDone = false;

  _getRows(connection: Connection, _rows: number | undefined): void {
    connection.execute({ portal: this.portal });
    connection.parse({ text: "COMMIT" });
    connection.bind({});
    connection.execute({ portal: "" });
    connection.sync();
  }

  override handleCommandComplete(msg: { command: string }, connection: Connection): void {
    // The statement's completion is the result; the COMMIT's only says it committed.
    if (this.statementDone) return;
    this.statementDone = true;
    super.handleCommandComplete(msg, connection);
  }
}

const isText = (config: unknown, text: string) =>
  typeof config === "object" &&
  config !== null &&
  typeof (config as { text?: unknown }).text === "string" &&
  (config as { text: string }).text.trim().toLowerCase() === text;

/**
 * The statement half: the next query a marked client gets is sent with COMMIT behind it. On the
 * pool's "connect" before the statement naming (prepared-statements.ts), so it sends the named form.
 */
export function sendCommitWithMarkedStatement(client: PipelinedClient): void {
  const query = client.query;
  client[SUPPORTED] = true;
  Object.defineProperty(client, "query", {
    configurable: true,
    writable: true,
    value(this: unknown, ...args: unknown[]) {
      const [config, values] = args;
      if (!client[PIPELINE_NEXT] || typeof config !== "object" || config === null) {
        return query.apply(this, args);
      }
      client[PIPELINE_NEXT] = false;
      const pipelined = new QueryThenCommit(config as QueryConfig, values as unknown[] | undefined);
      const done = new Promise((resolve, reject) => {
        pipelined.callback = (error, result) => {
          if (error) return reject(error);
          client[COMMITTED] = true;
          resolve(result);
        };
      });
      query.call(this, pipelined);
      return done;
    },
  });
}

/**
 * The COMMIT half: after a pipelined commit, Drizzle's COMMIT is answered here without a round
 * trip (and so is not counted as one: registered after the round-trip counter). ROLLBACK passes.
 */
export function answerCommitAfterPipeline(client: PipelinedClient): void {
  const query = client.query;
  Object.defineProperty(client, "query", {
    configurable: true,
    writable: true,
    value(this: unknown, ...args: unknown[]) {
      if (!client[COMMITTED]) return query.apply(this, args);
      const [config] = args;
      const text = typeof config === "string" ? { text: config } : config;
      if (isText(text, "commit")) {
        client[COMMITTED] = false;
        return Promise.resolve({ command: "COMMIT", rowCount: null, rows: [], fields: [] });
      }
      if (isText(text, "rollback")) {
        client[COMMITTED] = false;
        return query.apply(this, args);
      }
      return Promise.reject(
        new Error("a statement was sent after its transaction had committed with its last statement"),
      );
    },
  });
}

/**
 * Mark `tx`'s next statement as its last: on PostgreSQL it commits with it, in one round trip, and
 * this answers true; on PGlite (in process, no network to save) nothing changes, Drizzle commits as
 * usual, and this answers false. After a true, the caller must send nothing more on `tx`.
 */
export function commitWithNextStatement(tx: Tx): boolean {
  const client = (tx as unknown as { session?: { client?: PipelinedClient } }).session?.client;
  if (!client?.[SUPPORTED]) return false;
  client[PIPELINE_NEXT] = true;
  return true;
}
