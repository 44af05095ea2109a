import type { ExtractTablesWithRelations } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";

/** Drizzle's relational schema, which this project does not give it (see Database). */
type NoSchema = Record<string, never>;

/**
 * Either driver's database (PGlite or node-postgres); domain code never knows which. Opened without
 * Drizzle's relational schema (open.ts): queries name their tables, and `db.query` does not exist.
 */
export type Database = PgDatabase<PgQueryResultHKT, NoSchema>;
export type Tx = PgTransaction<PgQueryResultHKT, NoSchema, ExtractTablesWithRelations<NoSchema>>;
/** What data-access functions take first: the database, or the transaction they must join. */
export type DbOrTx = Database | Tx;
