import pg from "pg";

/**
 * One statement, sent with its transaction's BEGIN before it and/or its COMMIT behind it, in one
 * write and under one Sync: PostgreSQL runs them in order and, if one fails, skips the rest up to
 * the Sync. So a BEGIN that fails takes its statement with it (nothing runs outside the
 * transaction), and a statement that fails takes the COMMIT with it (the transaction is left
 * aborted, for the caller's ROLLBACK). The wire half of pipelined-transaction.ts, which decides what
 * a statement carries; this file only speaks node-postgres's Query protocol.
 */

type Connection = {
  execute(options: { portal: string; rows?: number }): void;
  parse(options: { text: string }): void;
  bind(options: object): void;
  sync(): void;
  submittedNamedStatements: Record<string, string | undefined>;
};
/** The command tag is `text` from pg's JavaScript protocol parser (`command` from its native one). */
type CommandComplete = { text?: string; command?: string };
export type QueryCallback = (error: Error | null, result?: unknown) => void;

const BaseQuery = pg.Query as unknown as new (
  config: object,
  values: unknown[] | undefined,
) => {
  name?: string;
  portal: string;
  callback?: QueryCallback;
  submit(connection: Connection): Error | null;
  prepare(connection: Connection): void;
  handleCommandComplete(msg: CommandComplete, connection: Connection): void;
  handleError(error: Error, connection: Connection): void;
  handleReadyForQuery(connection: Connection): void;
};

export interface Carried {
  /** The transaction's BEGIN (as the caller wrote it), sent ahead of the statement. */
  begin?: string;
  /** COMMIT sent behind the statement. */
  commit?: boolean;
  /** A statement that carried its transaction's BEGIN: this one is sent only if that BEGIN took effect. */
  after?: PipelinedQuery;
}

export class PipelinedQuery extends BaseQuery {
  /** The carried BEGIN's completion arrived: the transaction is open (undefined: none carried). */
  began: boolean | undefined;
  /** The carried COMMIT's completion arrived: from then on the transaction is committed. */
  committed = false;
  private statementDone = false;
  private preparing = false;
  /** The statement's name, kept from pg while BEGIN's answers arrive (see prepare). */
  private hiddenName: string | undefined;

  constructor(
    config: object,
    values: unknown[] | undefined,
    private readonly carried: Carried,
  ) {
    super(config, values);
    this.began = carried.begin === undefined ? undefined : false;
  }

  // The extended protocol always (pg would send a statement without parameters as a simple query,
  // which has no room for another statement beside it).
  requiresPreparation(): boolean {
    return true;
  }

  override submit(connection: Connection): Error | null {
    // Sent only now, once whatever was ahead of it on the connection has been answered: a statement
    // queued behind a BEGIN that failed would otherwise run on its own and commit at once.
    if (this.carried.after && this.carried.after.began !== true) {
      return new Error("the transaction's BEGIN did not take effect, so its statement was not sent");
    }
    return super.submit(connection);
  }

  override prepare(connection: Connection): void {
    const { begin } = this.carried;
    if (begin !== undefined) {
      connection.parse({ text: begin });
      connection.bind({});
      connection.execute({ portal: "" });
    }
    this.preparing = true;
    try {
      super.prepare(connection);
    } finally {
      this.preparing = false;
    }
    // pg records the active query's name as parsed at the first ParseComplete it reads, which here
    // is BEGIN's: hidden until BEGIN completes, a statement whose own Parse then fails is not left
    // recorded as prepared on the connection.
    if (begin !== undefined && this.name) {
      this.hiddenName = this.name;
      this.name = undefined;
    }
  }

  _getRows(connection: Connection): void {
    connection.execute({ portal: this.portal });
    if (this.carried.commit) {
      connection.parse({ text: "COMMIT" });
      connection.bind({});
      connection.execute({ portal: "" });
    }
    connection.sync();
  }

  override handleCommandComplete(msg: CommandComplete, connection: Connection): void {
    // BEGIN's completion and COMMIT's only say that they happened; the statement's is the result.
    const tag = msg.text ?? msg.command;
    // The first completion is BEGIN's (tagged BEGIN, or START TRANSACTION): had it failed, an
    // error would have come instead, and nothing after it.
    if (this.began === false && !this.statementDone) {
      this.began = true;
      this.name = this.hiddenName;
      this.hiddenName = undefined;
      return;
    }
    if (this.statementDone) {
      if (tag === "COMMIT") this.committed = true;
      return;
    }
    this.statementDone = true;
    super.handleCommandComplete(msg, connection);
  }

  override handleError(error: Error, connection: Connection): void {
    // A value pg cannot encode fails inside prepare, after BEGIN was written: the Sync's answer
    // still comes, and with it BEGIN's completion. Any other error ends the query here.
    if (!this.preparing && this.hiddenName !== undefined) {
      // BEGIN failed, so the statement was never parsed: pg only forgets a name it can see.
      delete connection.submittedNamedStatements[this.hiddenName];
      this.hiddenName = undefined;
    }
    super.handleError(error, connection);
  }
}
