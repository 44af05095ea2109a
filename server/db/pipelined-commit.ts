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
 * and the caller sees a failed transaction, which it is. An error that arrives after the COMMIT
 * completed (the answer's rows unreadable) says that the transaction committed. After a pipelined
 * commit the connection answers Drizzle's own COMMIT without sending it, and refuses any other
 * statement until then: a statement there would run outside the transaction, which is a bug to
 * surface, not to commit. pipelined-commit.test.ts holds each of these against PostgreSQL.
 */

const MARKED = Symbol("latchkey.pipelineCommitNext");
const STATE = Symbol("latchkey.pipelinedCommitState");
const SUPPORTED = Symbol("latchkey.pipelinedCommitSupported");

interface PipelinedClient {
  query: (...args: unknown[]) => unknown;
  getTransactionStatus(): string | null;
  [MARKED]?: boolean;
  /** Sent and not yet answered, or committed with Drizzle's COMMIT still to come. */
  [STATE]?: "in flight" | "committed";
  [SUPPORTED]?: true;
}

type QueryConfig = { text?: unknown; name?: string; rows?: unknown; submit?: unknown };
type Connection = {
  execute(options: { portal: string; rows?: number }): void;
  parse(options: { text: string }): void;
  bind(options: object): void;
  sync(): void;
};
type Callback = (error: Error | null, result?: unknown) => void;

/** pg's Query, with COMMIT sent behind the statement before the Sync. */
class QueryThenCommit extends (pg.Query as unknown as new (
  config: object,
  values: unknown[] | undefined,
) => {
  portal: string;
  handleCommandComplete(msg: { command: string }, connection: Connection): void;
  callback?: Callback;
}) {
  /** The COMMIT's own completion arrived: from then on the transaction is committed. */
  committed = false;
  private statementDone = false;

  // The extended protocol always (pg would send a statement without parameters as a simple query,
  // which has no room for a second statement behind it).
  requiresPreparation(): boolean {
    return true;
  }

  _getRows(connection: Connection): void {
    connection.execute({ portal: this.portal });
    connection.parse({ text: "COMMIT" });
    connection.bind({});
    connection.execute({ portal: "" });
    connection.sync();
  }

  override handleCommandComplete(msg: { command: string }, connection: Connection): void {
    // The statement's completion is the result; the COMMIT's only says it committed.
    if (this.statementDone) {
      if (msg.command === "COMMIT") this.committed = true;
      return;
    }
    this.statementDone = true;
    super.handleCommandComplete(msg, connection);
  }
}

const textOf = (config: unknown): string | undefined => {
  const text = typeof config === "string" ? config : (config as QueryConfig | null)?.text;
  return typeof text === "string" ? text.trim().toLowerCase() : undefined;
};
const endsTransaction = (text: string | undefined) =>
  text !== undefined && /^(commit|rollback|begin|savepoint|release|end|abort)\b/.test(text);

/** Answer a refused query the way it was asked: through its callback, or as a rejected promise. */
function refuse(args: unknown[], error: Error): unknown {
  const callback = args.findLast((arg) => typeof arg === "function") as Callback | undefined;
  if (!callback) return Promise.reject(error);
  process.nextTick(() => callback(error));
  return undefined;
}

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
      const marked = client[MARKED];
      client[MARKED] = false;
      const [config, values] = args;
      if (!marked) return query.apply(this, args);
      const plain = config as QueryConfig | null;
      if (
        typeof plain !== "object" ||
        plain === null ||
        typeof plain.text !== "string" ||
        plain.text.trim() === "" ||
        plain.rows !== undefined ||
        plain.submit !== undefined ||
        endsTransaction(textOf(plain)) ||
        typeof args.at(-1) === "function"
      ) {
        return refuse(args, new Error("only a plain statement can carry its transaction's COMMIT"));
      }
      const pipelined = new QueryThenCommit(plain, values as unknown[] | undefined);
      const done = new Promise((resolve, reject) => {
        let settled = false;
        // pg may call back twice (a value it cannot encode: the error, then the Sync's answer).
        pipelined.callback = (error, result) => {
          if (settled) return;
          settled = true;
          if (!error && client.getTransactionStatus() === "I") {
            client[STATE] = "committed";
            return resolve(result);
          }
          client[STATE] = undefined;
          if (!error) return reject(new Error("the statement carrying the COMMIT left a transaction open"));
          if (pipelined.committed) {
            const reason = error instanceof Error ? error.message : String(error);
            return reject(
              new Error(`the transaction committed, but its last statement's answer failed: ${reason}`),
            );
          }
          reject(error);
        };
      });
      client[STATE] = "in flight";
      query.call(this, pipelined);
      return done;
    },
  });
}

/**
 * The COMMIT half: after a pipelined commit, Drizzle's COMMIT is answered here without a round
 * trip (and so is not counted as one: registered after the round-trip counter). ROLLBACK passes;
 * anything else, while the pipeline is in flight or after its commit, is refused.
 */
export function answerCommitAfterPipeline(client: PipelinedClient): void {
  const query = client.query;
  Object.defineProperty(client, "query", {
    configurable: true,
    writable: true,
    value(this: unknown, ...args: unknown[]) {
      const state = client[STATE];
      if (state === undefined) return query.apply(this, args);
      const text = textOf(args[0]);
      if (state === "committed" && text === "commit") {
        client[STATE] = undefined;
        return Promise.resolve({ command: "COMMIT", rowCount: null, rows: [], fields: [] });
      }
      if (state === "committed" && text === "rollback") {
        client[STATE] = undefined;
        return query.apply(this, args);
      }
      return refuse(
        args,
        new Error(
          state === "committed"
            ? "a statement was sent after its transaction had committed with its last statement"
            : "a statement was sent beside the one carrying its transaction's COMMIT",
        ),
      );
    },
  });
}

/**
 * A connection borrowed from the pool starts unmarked: whatever a previous borrower left (it should
 * leave nothing) does not reach the next transaction.
 */
export function clearPipelineOnAcquire(client: PipelinedClient): void {
  client[MARKED] = false;
  client[STATE] = undefined;
}

/**
 * Run `statement` as `tx`'s last: on PostgreSQL it commits with it, in one round trip, and
 * `committed` is true; on PGlite (in process, no network to save), or in a nested transaction (a
 * savepoint, whose COMMIT would be its parent's), nothing changes, Drizzle commits as usual, and
 * `committed` is false. After a true, the caller must send nothing more on `tx`. The mark is for
 * the statement's first query: if `statement` throws before sending it, the mark is taken back.
 */
export async function commitWith<T>(
  tx: Tx,
  statement: () => Promise<T>,
): Promise<{ value: T; committed: boolean }> {
  const client = (tx as unknown as { session?: { client?: PipelinedClient } }).session?.client;
  const nested = ((tx as unknown as { nestedIndex?: number }).nestedIndex ?? 0) > 0;
  if (!client?.[SUPPORTED] || nested) return { value: await statement(), committed: false };
  client[MARKED] = true;
  try {
    return { value: await statement(), committed: true };
  } finally {
    client[MARKED] = false;
  }
}
