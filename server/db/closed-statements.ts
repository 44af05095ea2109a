import type { EventEmitter } from "node:events";

/**
 * node-postgres, given a value it cannot encode (a BigInt in JSON, say), writes Close of the named
 * statement and a Sync instead of the Bind — but keeps the name in its record of what the
 * connection has prepared (and records it there when that pipeline's Parse completes). Every later
 * use of the name on that connection then binds a statement PostgreSQL no longer has, and fails
 * ("prepared statement … does not exist") until the connection is recycled; with the hot statements
 * named (prepared-statements.ts), that could be a submission's audit append.
 *
 * Here the connection forgets a name it closed, once the Sync is answered (everything of that
 * pipeline read, nothing of the next one sent): unless an error came first, in which case
 * PostgreSQL skipped the Close and the statement is as it was.
 */
type Connection = EventEmitter & {
  close(message: { type: string; name?: string }): void;
  parsedStatements: Record<string, string | undefined>;
  submittedNamedStatements: Record<string, string | undefined>;
};

export function forgetStatementsClosedAfterBindErrors(client: { connection: Connection }): void {
  const connection = client.connection;
  let closing: string[] = [];
  let skipped = false;
  const close = connection.close;
  connection.close = function (this: Connection, message) {
    if (message?.type === "S" && message.name) closing.push(message.name);
    return close.call(this, message);
  };
  // Ahead of the client's own listeners: on ReadyForQuery the client sends its next query at once.
  connection.prependListener("errorMessage", () => {
    if (closing.length > 0) skipped = true;
  });
  connection.prependListener("readyForQuery", () => {
    if (closing.length === 0) return;
    if (!skipped) {
      for (const name of closing) {
        delete connection.parsedStatements[name];
        delete connection.submittedNamedStatements[name];
      }
    }
    closing = [];
    skipped = false;
  });
}
