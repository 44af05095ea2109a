import { sql } from "drizzle-orm";
import type { Database } from "../db/client";

/** Runs `work` while no other faucet call for the same chain runs, in any process of the installation. */
export type FaucetLock = <T>(caip2: string, work: () => Promise<T>) => Promise<T>;

/**
 * The faucet's lock across `latchkey start` workers: Anvil's anvil_addBalance reads the balance and
 * writes it back in two steps, so two calls at once through two workers could both read the same
 * balance and one amount be lost. On PostgreSQL the workers share the database, and a transaction
 * holding an advisory lock named after the chain serializes them (for the few milliseconds of one
 * devnet call). PGlite serves from one process, where the faucet's own queue is enough.
 */
export function faucetLock(app: {
  db: Database;
  config: { databaseUrl: string | undefined };
}): FaucetLock | undefined {
  if (!app.config.databaseUrl) return undefined;
  return (caip2, work) =>
    app.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`latchkey_faucet:${caip2}`}, 0))`);
      return work();
    });
}
