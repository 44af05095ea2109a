import { AsyncLocalStorage } from "node:async_hooks";
import fs from "node:fs";
import path from "node:path";
import type pg from "pg";

export interface Readiness {
  database: boolean;
  migrations: { applied: number; expected: number };
}

/** How the check reads the count of applied migrations from the database. */
export interface AppliedMigrations {
  count(): Promise<number>;
  close(): Promise<void>;
}

export interface ReadinessCheck {
  /** The database answers, and how many of this code's migrations it has applied. */
  (): Promise<Readiness>;
  close(): Promise<void>;
}

const expectedByFolder = new Map<string, number>();

/** The migrations this code ships, read once per folder: the files do not change under a running process. */
function expectedMigrations(migrationsFolder: string): number {
  let expected = expectedByFolder.get(migrationsFolder);
  if (expected === undefined) {
    const journal = JSON.parse(
      fs.readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8"),
    ) as {
      entries: unknown[];
    };
    expected = journal.entries.length;
    expectedByFolder.set(migrationsFolder, expected);
  }
  return expected;
}

/**
 * Readings that are never older than the check they answer, and never queue behind one another:
 * a check that arrives while a reading is under way waits for the next one, which starts when that
 * one ends and answers every check that arrived meanwhile. Taking turns instead, one reading per
 * check, built a queue as soon as checks came faster than one reading's time: under a signing load
 * at concurrency 32 a reading took one busy event-loop turn (20-40 ms), checks every 20 ms waited
 * 140 ms at the median and 1.2 s at worst, and a slower instance would have failed its load
 * balancer's checks for its own queue (docs/scaling.md, twelfth pass).
 */
export function freshReadings<T>(read: () => Promise<T>): () => Promise<T> {
  let current: Promise<T> | undefined;
  let next: Promise<T> | undefined;
  const start = () => {
    const reading = read();
    current = reading;
    const ended = () => {
      if (current === reading) current = undefined;
    };
    reading.then(ended, ended);
    return reading;
  };
  return () => {
    if (!current) return start();
    next ??= current
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        next = undefined;
        return start();
      });
    return next;
  };
}

/** The readiness behind GET /healthz: the database read afresh for each check (freshReadings). */
export function readinessCheck(migrationsFolder: string, applied: AppliedMigrations): ReadinessCheck {
  const count = freshReadings(() => applied.count());
  const check = async (): Promise<Readiness> => ({
    database: true,
    migrations: { applied: await count(), expected: expectedMigrations(migrationsFolder) },
  });
  return Object.assign(check, { close: () => applied.close() });
}

/**
 * How long a health check waits for PostgreSQL before it reports the database unreachable: the
 * server cancels the statement after this, and the client gives up on a silent network a second later.
 */
const CHECK_TIMEOUT_MS = 5_000;

/** The check's connection as operators see it in pg_stat_activity. */
export const READINESS_APPLICATION_NAME = "latchkey-healthz";

/**
 * The count, read under a statement timeout set for this transaction only: one round trip (a
 * simple query of several statements), and nothing sent when the connection starts but its
 * application name — PgBouncer refuses a connection that sends a setting it does not know, and a
 * session-wide SET would outlive the check on a server connection PgBouncer hands to others.
 */
const countQuery = (schema: string) =>
  `begin; set local statement_timeout = ${CHECK_TIMEOUT_MS}; ` +
  `select count(*)::int as applied from "${schema.replaceAll('"', '""')}".__drizzle_migrations; commit`;

const closedError = () => new Error("Cannot check the database after it was closed");

/**
 * PostgreSQL: the count read over a connection of the check's own, opened at the first check and
 * opened again after a failure. Through the request pool a check would queue behind every request
 * waiting for a connection, and a busy instance would fail its load balancer's checks and be taken
 * out of service just when the others need it most (docs/scaling.md, eleventh pass). A dead
 * database still fails the check: the query times out or the connection is refused.
 */
export function appliedOverOwnConnection(
  Client: typeof pg.Client,
  connect: pg.ClientConfig,
  schema: string,
): AppliedMigrations {
  // One connection, opened once even when checks arrive together; they take turns on it here (pg
  // would queue them itself, but that is deprecated in pg 8 and goes in pg 9).
  type Connection = { client: pg.Client; ready: Promise<void>; giveUp: (error: Error) => void };
  let current: Connection | undefined;
  let turn: Promise<unknown> = Promise.resolve();
  let closed = false;
  // The connection belongs to the application, not to the request whose check happened to open it:
  // opened in that request's async context, its socket and callbacks would keep the request (its
  // response, Next's caches) alive for as long as the connection lives. It is opened in the context
  // this was made in, at startup.
  const outsideRequests = AsyncLocalStorage.snapshot();
  const drop = (broken: pg.Client) => {
    if (current?.client === broken) current = undefined;
    broken.end().catch(() => undefined);
  };
  const connection = (): Connection => {
    if (!current) {
      const client = new Client({
        ...connect,
        application_name: READINESS_APPLICATION_NAME,
        connectionTimeoutMillis: CHECK_TIMEOUT_MS,
        query_timeout: CHECK_TIMEOUT_MS + 1_000,
      });
      // A connection lost between checks must not end the process; the next check reconnects.
      client.on("error", () => drop(client));
      // `giveUp` fails the checks still connecting when the database is closed: pg never answers a
      // connect that end() interrupted. It is this connection's own promise, settled once connected,
      // and never a race against a promise that stays pending for the life of the process: every
      // check would leave a reaction on that one, and with it its request's async context (the
      // request, its response, Next's caches), kept until shutdown — a heap that grew by every
      // health check a load balancer ever sent, and major collections that stalled the server.
      let giveUp: (error: Error) => void = () => undefined;
      const ready = new Promise<void>((resolve, reject) => {
        giveUp = reject;
        client.connect().then(() => resolve(), reject);
      }).catch((error: unknown) => {
        drop(client);
        throw error;
      });
      current = { client, ready, giveUp };
    }
    return current;
  };
  const read = async (): Promise<number> => {
    if (closed) throw closedError();
    const { client, ready } = outsideRequests(connection);
    await ready;
    try {
      const results = (await client.query(countQuery(schema))) as unknown as pg.QueryResult[];
      const counted = results.find((result) => result.command === "SELECT");
      return Number(counted?.rows[0]?.applied ?? 0);
    } catch (error) {
      drop(client);
      throw error;
    }
  };
  return {
    count() {
      const mine = turn.then(read);
      turn = mine.catch(() => undefined);
      return mine;
    },
    async close() {
      closed = true;
      const last = current;
      current = undefined;
      last?.giveUp(closedError());
      await last?.client.end().catch(() => undefined);
    },
  };
}
