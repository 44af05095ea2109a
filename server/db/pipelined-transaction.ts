import type { Tx } from "./client";
import { PipelinedQuery, type QueryCallback } from "./pipelined-query";

/**
 * A transaction's BEGIN sent with its first statement, and its last statement sent with its COMMIT,
 * each in one round trip (node-postgres only; PGlite is in process and has no trip to save).
 *
 * BEGIN: Drizzle sends it alone and waits for its answer before the first statement, one network
 * trip and one PostgreSQL wake-up that do nothing. Here it is answered at once, kept, and written
 * ahead of the transaction's first statement, under the same Sync (pipelined-query.ts): if BEGIN
 * fails, its statement is skipped with it, and any statement queued behind them is not sent. A
 * transaction that ends before sending a statement sent nothing, so its COMMIT or ROLLBACK is
 * answered here too. PostgreSQL takes a transaction's snapshot at its first statement, not at
 * BEGIN, so `begin isolation level repeatable read` sees exactly what it saw before.
 *
 * COMMIT: every activity of an organization ends with the audit append, which locks the
 * organization's chain head until COMMIT. Sent apart, the COMMIT leaves after the append's answer
 * has crossed to Node, waited its turn on a busy event loop and crossed back: the lock is held for
 * two network trips and a queue, and every other submission of the organization waits behind it.
 * Carried, PostgreSQL commits as soon as the statement ends. If the statement fails, the COMMIT is
 * skipped and the transaction is left aborted, so Drizzle's ROLLBACK runs as it always does. If the
 * COMMIT fails, the transaction is gone, and the error is the statement's. An error that arrives
 * after the COMMIT completed (the answer's rows unreadable) says that the transaction committed.
 * After a carried commit the connection answers Drizzle's own COMMIT without sending it, and
 * refuses any other statement until then: a statement there would run outside the transaction,
 * which is a bug to surface, not to commit.
 *
 * pipelined-commit.test.ts and pipelined-begin.test.ts hold each of these against PostgreSQL.
 */

const MARKED = Symbol("latchkey.pipelineCommitNext");
const COMMIT = Symbol("latchkey.pipelinedCommitState");
const BEGIN = Symbol("latchkey.deferredBegin");
const CARRIER = Symbol("latchkey.beginCarrier");
const SUPPORTED = Symbol("latchkey.pipelinedSupported");

interface PipelinedClient {
  query: (...args: unknown[]) => unknown;
  getTransactionStatus(): string | null;
  /** commitWith asked for the next statement to carry the COMMIT. */
  [MARKED]?: boolean;
  /** The COMMIT was sent and not yet answered, or committed with Drizzle's COMMIT still to come. */
  [COMMIT]?: "in flight" | "committed";
  /** A BEGIN answered here and not yet sent: the next statement carries it. */
  [BEGIN]?: string;
  /** The statement that carried this transaction's BEGIN (until the transaction ends). */
  [CARRIER]?: PipelinedQuery;
  [SUPPORTED]?: true;
}

type QueryConfig = { text?: unknown; name?: string; rows?: unknown; submit?: unknown };

/**
 * The start of a query's text, trimmed and lower-cased: enough to recognise transaction control
 * (every statement passes here, and the audit append's text is kilobytes long).
 */
const textOf = (config: unknown): string | undefined => {
  const text = typeof config === "string" ? config : (config as QueryConfig | null)?.text;
  if (typeof text !== "string") return undefined;
  return text.trimStart().slice(0, 64).trimEnd().toLowerCase();
};
const controlsTransaction = (text: string | undefined) =>
  text !== undefined && /^(commit|rollback|begin|start|savepoint|release|end|abort)\b/.test(text);
const startsTransaction = (text: string | undefined) =>
  text !== undefined && /^(begin|start\s+transaction)\b/.test(text);
const endsTransaction = (text: string | undefined) => text === "commit" || text === "rollback";

/** Answer a refused query the way it was asked: through its callback, or as a rejected promise. */
function refuse(args: unknown[], error: Error): unknown {
  const callback = args.findLast((arg) => typeof arg === "function") as QueryCallback | undefined;
  if (!callback) return Promise.reject(error);
  process.nextTick(() => callback(error));
  return undefined;
}

/** What a statement answered here (never sent) resolves to, shaped like pg's result. */
const answered = (command: string) => Promise.resolve({ command, rowCount: null, rows: [], fields: [] });

/** A query config pg can carry something beside: a text, no cursor, no paging, no callback. */
function plainConfig(args: unknown[]): (QueryConfig & { text: string }) | undefined {
  const config = args[0] as QueryConfig | null;
  if (
    typeof config !== "object" ||
    config === null ||
    typeof config.text !== "string" ||
    config.text.trim() === "" ||
    config.rows !== undefined ||
    config.submit !== undefined ||
    typeof args.at(-1) === "function"
  ) {
    return undefined;
  }
  return config as QueryConfig & { text: string };
}

/**
 * The statement half, innermost: the statement a client is sent next carries the BEGIN kept for it
 * and/or the COMMIT commitWith asked for, and a statement queued behind a BEGIN not yet known to
 * have taken effect waits for it. On the pool's "connect" before the statement naming
 * (prepared-statements.ts), so what it builds is the named form.
 */
export function carryTransactionControl(client: PipelinedClient): void {
  const query = client.query;
  client[SUPPORTED] = true;
  Object.defineProperty(client, "query", {
    configurable: true,
    writable: true,
    value(this: unknown, ...args: unknown[]) {
      const commit = client[MARKED] === true;
      const begin = client[BEGIN];
      const carrier = client[CARRIER];
      const after = carrier !== undefined && carrier.began !== true ? carrier : undefined;
      if (!commit && begin === undefined && after === undefined) return query.apply(this, args);
      const text = textOf(args[0]);
      // Ending the transaction is sent as it is, and takes no mark: a ROLLBACK after a BEGIN that
      // failed only warns, and one while commitWith's statement is still being built (other work of
      // the transaction failed first) must not be refused, or the connection stays in the transaction.
      if (endsTransaction(text)) return query.apply(this, args);
      client[MARKED] = false;
      client[BEGIN] = undefined;
      const config = plainConfig(args);
      if (!config || (commit && controlsTransaction(text))) {
        // The BEGIN stays kept: a caller that goes on after the refusal is still in its transaction.
        client[BEGIN] = begin;
        const role = commit
          ? "carry its transaction's COMMIT"
          : begin !== undefined
            ? "go with its transaction's BEGIN"
            : "follow a BEGIN not yet known to have taken effect";
        return refuse(args, new Error(`only a plain statement can ${role}`));
      }
      const { promise: done, resolve, reject } = Promise.withResolvers<unknown>();
      let settled = false;
      // pg may call back twice (a value it cannot encode: the error, then the Sync's answer).
      const settle: QueryCallback = (error, result) => {
        if (settled) return;
        settled = true;
        if (!commit) return error ? reject(error) : resolve(result);
        if (!error && client.getTransactionStatus() === "I") {
          client[COMMIT] = "committed";
          return resolve(result);
        }
        client[COMMIT] = undefined;
        if (!error) return reject(new Error("the statement carrying the COMMIT left a transaction open"));
        if (pipelined.committed) {
          const reason = error instanceof Error ? error.message : String(error);
          return reject(
            new Error(`the transaction committed, but its last statement's answer failed: ${reason}`, {
              cause: error,
            }),
          );
        }
        reject(error);
      };
      // The callback goes in with the query, not onto it afterwards (queries-with-callbacks.ts).
      const pipelined = new PipelinedQuery(
        { ...config, callback: settle },
        args[1] as unknown[] | undefined,
        {
          begin,
          commit,
          after,
        },
      );
      if (begin !== undefined) client[CARRIER] = pipelined;
      if (commit) client[COMMIT] = "in flight";
      query.call(this, pipelined);
      return done;
    },
  });
}

/**
 * The answering half, outermost (registered after the round-trip counter, so what it answers is
 * not counted as a round trip): keeps a BEGIN for the next statement, answers the COMMIT or
 * ROLLBACK of a transaction that sent nothing, and Drizzle's COMMIT after a carried one. ROLLBACK
 * after a carried commit passes; anything else while the COMMIT is in flight or after it is refused.
 */
export function answerTransactionControl(client: PipelinedClient): void {
  const query = client.query;
  Object.defineProperty(client, "query", {
    configurable: true,
    writable: true,
    value(this: unknown, ...args: unknown[]) {
      const state = client[COMMIT];
      const text = textOf(args[0]);
      if (state !== undefined) {
        if (state === "committed" && endsTransaction(text)) {
          client[COMMIT] = undefined;
          client[CARRIER] = undefined;
          return text === "commit" ? answered("COMMIT") : query.apply(this, args);
        }
        // A ROLLBACK while the COMMIT is in flight (the transaction's other work failed meanwhile)
        // queues behind it: refused, it would leave the connection inside an aborted transaction. It
        // rolls back if the statement failed; if the statement committed, there is nothing left to
        // undo, and the caller is told so rather than left to think its work was not done.
        if (text === "rollback" && plainConfig(args)) {
          return (query.apply(this, args) as Promise<unknown>).then((result) => {
            if (client[COMMIT] !== "committed") return result;
            throw new Error(
              "the transaction had committed with its last statement when other work of it failed: its ROLLBACK undid nothing",
            );
          });
        }
        return refuse(
          args,
          new Error(
            state === "committed"
              ? "a statement was sent after its transaction had committed with its last statement"
              : "a statement was sent beside the one carrying its transaction's COMMIT",
          ),
        );
      }
      if (client[BEGIN] !== undefined && endsTransaction(text)) {
        // Nothing of the transaction was sent: there is nothing to commit or roll back.
        client[BEGIN] = undefined;
        return answered(text === "commit" ? "COMMIT" : "ROLLBACK");
      }
      if (
        startsTransaction(text) &&
        client[BEGIN] === undefined &&
        client[CARRIER] === undefined &&
        client.getTransactionStatus() === "I" &&
        plainConfig(args)
      ) {
        client[BEGIN] = (args[0] as { text: string }).text;
        return answered("BEGIN");
      }
      if (endsTransaction(text)) client[CARRIER] = undefined;
      return query.apply(this, args);
    },
  });
}

/**
 * A connection borrowed from the pool starts clean: whatever a previous borrower left (it should
 * leave nothing) does not reach the next transaction.
 */
export function clearPipelineOnAcquire(client: PipelinedClient): void {
  client[MARKED] = false;
  client[COMMIT] = undefined;
  client[BEGIN] = undefined;
  client[CARRIER] = undefined;
}

/**
 * A connection handed back to the pool while still inside a transaction (a bug somewhere, or a
 * ROLLBACK that never went) is released with an error, which makes the pool close it instead of
 * lending it again: PostgreSQL rolls the transaction back, and the next borrower's statements do
 * not land inside it (its BEGIN would only warn, and its COMMIT would commit the stranger's work).
 * Only the promise form of `connect` (Drizzle's, for a transaction) is wrapped; `pool.query`'s
 * one-statement borrowing is not.
 */
export function closeConnectionsReleasedInTransaction(pool: {
  connect: (...args: unknown[]) => unknown;
}): void {
  const connect = pool.connect;
  pool.connect = function (this: unknown, ...args: unknown[]) {
    if (args.length > 0) return connect.apply(this, args);
    return (connect.call(this) as Promise<Borrowed>).then(closedIfReleasedInTransaction);
  };
}

type Borrowed = PipelinedClient & { release: (error?: Error | boolean) => void };

/**
 * The connection, its release closing it when a transaction is still open. Made apart from `connect`
 * so that the release stored on the long-lived connection keeps nothing of the borrower's scope
 * (oldest-first.ts, HandBack, says what that cost).
 */
function closedIfReleasedInTransaction(client: Borrowed): Borrowed {
  const release = client.release;
  client.release = (error?: Error | boolean) => {
    const status = client.getTransactionStatus();
    const stranded = !error && (status === "T" || status === "E");
    release.call(client, stranded ? new Error("a connection was released inside a transaction") : error);
  };
  return client;
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
