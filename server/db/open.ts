import fs from "node:fs";
import path from "node:path";
import type { Database } from "./client";
import { forgetStatementsClosedAfterBindErrors } from "./closed-statements";
import { lockDataDir } from "./data-dir-lock";
import { serveOldestFirst, servePgliteOldestFirst } from "./oldest-first";
import {
  answerTransactionControl,
  carryTransactionControl,
  clearPipelineOnAcquire,
  closeConnectionsReleasedInTransaction,
} from "./pipelined-transaction";
import { nameHotStatements } from "./prepared-statements";
import { queryWithCallbacks } from "./queries-with-callbacks";
import { servedFirst } from "./ranked-turns";
import { appliedOverOwnConnection, type ReadinessCheck, readinessCheck } from "./readiness";
import { countPgliteRoundTrips, countPoolRoundTrips, notePoolWait } from "./round-trips";

export interface OpenedDatabase {
  db: Database;
  driver: "pglite" | "postgres";
  /** Where drizzle records applied migrations. */
  migrationsSchema: string;
  /** GET /healthz's check: the database answers and every migration in the folder is applied. */
  readiness: ReadinessCheck;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** PostgreSQL connection string; when absent, PGlite. */
  databaseUrl?: string;
  /** PGlite data directory; when absent (and no databaseUrl), an in-memory PGlite (tests). */
  dataDir?: string;
  /** PostgreSQL schema to use instead of `public` (tests isolate themselves this way). */
  pgSchema?: string;
  /**
   * In-memory PGlite only: start from this `dumpDataDir()` of a migrated database instead of
   * running initdb (tests; see server/testing/pglite-template.ts). Migrations still run after.
   */
  pgliteTemplate?: Blob;
  poolSize?: number;
  /** PostgreSQL: prepare statements run again once per pooled connection (default true). */
  prepare?: boolean;
}

export function migrationsDir(): string {
  return path.resolve(
    /*turbopackIgnore: true*/ process.env.LATCHKEY_MIGRATIONS_DIR ?? "server/db/migrations",
  );
}

// Any number of instances may start together on one PostgreSQL: they take turns migrating.
const MIGRATION_LOCK = 7_411_337;

export async function openDatabase(options: OpenOptions): Promise<OpenedDatabase> {
  const migrationsFolder = migrationsDir();
  if (!fs.existsSync(path.join(migrationsFolder, "meta", "_journal.json"))) {
    throw new Error(`database migrations not found in ${migrationsFolder} (set LATCHKEY_MIGRATIONS_DIR)`);
  }
  if (options.databaseUrl) return openPostgres(options.databaseUrl, migrationsFolder, options);
  return openPglite(options.dataDir, migrationsFolder, options.pgliteTemplate);
}

async function openPglite(
  dataDir: string | undefined,
  migrationsFolder: string,
  template: Blob | undefined,
): Promise<OpenedDatabase> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const lock = dataDir ? lockDataDir(dataDir) : undefined;
  try {
    const client = countPgliteRoundTrips(
      dataDir
        ? new PGlite(path.join(dataDir, "pglite"))
        : new PGlite(template ? { loadDataDir: template } : {}),
    );
    await client.waitReady;
    servePgliteOldestFirst(client);
    const db = drizzle(client) as unknown as Database;
    await migrate(db as never, { migrationsFolder });
    // One connection by nature: the check waits for the statement or transaction under way, then
    // goes before every request waiting (as on PostgreSQL, where it has a connection of its own).
    const readiness = readinessCheck(migrationsFolder, {
      count: async () =>
        Number(
          (
            await servedFirst(() =>
              client.query<{ applied: number }>(
                "select count(*)::int as applied from drizzle.__drizzle_migrations",
              ),
            )
          ).rows[0]?.applied ?? 0,
        ),
      close: async () => undefined,
    });
    return {
      db,
      driver: "pglite",
      migrationsSchema: "drizzle",
      readiness,
      async close() {
        await client.close();
        lock?.release();
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

async function openPostgres(
  url: string,
  migrationsFolder: string,
  options: OpenOptions,
): Promise<OpenedDatabase> {
  const pg = (await import("pg")).default;
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  const searchPath = options.pgSchema ? `-c search_path=${options.pgSchema}` : undefined;
  const connect = { connectionString: url, options: searchPath };

  const migrator = new pg.Client(connect);
  await migrator.connect();
  try {
    if (options.pgSchema) await migrator.query(`CREATE SCHEMA IF NOT EXISTS "${options.pgSchema}"`);
    await migrator.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await migrate(drizzle(migrator), {
      migrationsFolder,
      migrationsSchema: options.pgSchema ?? "drizzle",
    });
  } finally {
    await migrator.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => undefined);
    await migrator.end();
  }

  const poolSize = options.poolSize ?? 10;
  const pool = new pg.Pool({ ...connect, max: poolSize });
  // Innermost of the wrappers of `connect` below: they see the pool as before, served by arrival.
  serveOldestFirst(pool as never, poolSize, notePoolWait);
  // A broken idle connection must not crash the process; the next query reconnects.
  pool.on("error", () => undefined);
  // Nor one lost while lent out (PostgreSQL restarted, the backend terminated): node-postgres fails
  // the borrower's queries with the loss, then emits it as an 'error' event, which with no listener
  // ends the process. The pool drops the broken connection when it comes back
  // (terminated-connection.postgres.test.ts).
  pool.on("connect", (client) => client.on("error", () => undefined));
  // Each wraps the client's query in turn, the last one outermost: a statement carrying its BEGIN or
  // COMMIT is built from the named statement, and what is answered without a round trip (the kept
  // BEGIN, Drizzle's COMMIT after a carried one) is answered before the round-trip count.
  pool.on("connect", (client) => queryWithCallbacks(client as never));
  pool.on("connect", (client) => carryTransactionControl(client as never));
  if (options.prepare !== false) nameHotStatements(pool as never);
  countPoolRoundTrips(pool as never);
  pool.on("connect", (client) => answerTransactionControl(client as never));
  pool.on("connect", (client) => forgetStatementsClosedAfterBindErrors(client as never));
  pool.on("acquire", (client) => clearPipelineOnAcquire(client as never));
  closeConnectionsReleasedInTransaction(pool as never);
  // No { schema }: Drizzle would build a relational query builder per table for every transaction
  // (0.13 ms of CPU each, measured), and nothing here uses its relational API (db.query).
  const db = drizzle(pool) as unknown as Database;
  const migrationsSchema = options.pgSchema ?? "drizzle";
  const readiness = readinessCheck(
    migrationsFolder,
    appliedOverOwnConnection(pg.Client, connect, migrationsSchema),
  );
  return {
    db,
    driver: "postgres",
    migrationsSchema,
    readiness,
    async close() {
      await readiness.close();
      await pool.end();
    },
  };
}
