import { randomBytes } from "node:crypto";
import pg from "pg";

export interface BenchDatabase {
  /** The connection string the benchmarked server uses; undefined for PGlite. */
  url: string | undefined;
  drop(): Promise<void>;
}

async function admin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * On PostgreSQL the benchmark writes thousands of users: it gets a database of its own on the
 * DATABASE_URL server (dropped afterwards) so that it never touches the data already there.
 */
export async function benchDatabase(databaseUrl: string | undefined): Promise<BenchDatabase> {
  if (!databaseUrl) return { url: undefined, drop: async () => undefined };
  const name = `latchkey_bench_${randomBytes(5).toString("hex")}`;
  try {
    await admin(databaseUrl, `CREATE DATABASE ${name}`);
  } catch (error) {
    throw new Error(
      `bench: could not create a scratch database on the DATABASE_URL server (${(error as Error).message}); ` +
        "the benchmark needs the CREATEDB privilege",
    );
  }
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin(databaseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
