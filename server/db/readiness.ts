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
 * The readiness behind GET /healthz: every check reads the database. Checks are not coalesced (one
 * reading shared by the checks that arrive meanwhile): that made the bench's ruler, the Next-routed
 * /healthz, 1.8 times cheaper and so moved every share issue 11 states its targets in
 * (docs/scaling.md, eleventh pass), for a flood of checks no load balancer sends.
 */
export function readinessCheck(migrationsFolder: string, applied: AppliedMigrations): ReadinessCheck {
  const check = async (): Promise<Readiness> => ({
    database: true,
    migrations: { applied: await applied.count(), expected: expectedMigrations(migrationsFolder) },
  });
  return Object.assign(check, { close: () => applied.close() });
}

const countQuery = (schema: string) =>
  `select count(*)::int as applied from "${schema.replaceAll('"', '""')}".__drizzle_migrations`;

/**
 * How long a health check waits for PostgreSQL before it reports the database unreachable: the
 * server cancels the statement after this, and the client gives up on a silent network a second later.
 */
const CHECK_TIMEOUT_MS = 5_000;

/** The check's connection as operators see it in pg_stat_activity. */
export const READINESS_APPLICATION_NAME = "latchkey-healthz";

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
  // One connection, opened once even when checks arrive together; they queue on it in turn.
  type Connection = { client: pg.Client; ready: Promise<unknown> };
  let current: Connection | undefined;
  let closed = false;
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
        statement_timeout: CHECK_TIMEOUT_MS,
        query_timeout: CHECK_TIMEOUT_MS + 1_000,
      });
      // A connection lost between checks must not end the process; the next check reconnects.
      client.on("error", () => drop(client));
      const ready = client.connect().catch((error: unknown) => {
        drop(client);
        throw error;
      });
      current = { client, ready };
    }
    return current;
  };
  return {
    async count() {
      if (closed) throw new Error("Cannot check the database after it was closed");
      const { client, ready } = connection();
      await ready;
      try {
        const result = await client.query<{ applied: number }>(countQuery(schema));
        return Number(result.rows[0]?.applied ?? 0);
      } catch (error) {
        drop(client);
        throw error;
      }
    },
    async close() {
      closed = true;
      const last = current;
      current = undefined;
      await last?.client.end().catch(() => undefined);
    },
  };
}
