import type { SQL } from "drizzle-orm";
import type { DbOrTx } from "./client";
import { compileRowMapper } from "./row-mapper";

/**
 * Drizzle builds a statement's SQL text anew on every call, walking each table and column it
 * names; on a signed activity that was a third of the server's CPU. A prebuilt statement is built
 * once per process, with `sql.placeholder(name)` wherever a value goes, and each run only fills
 * in its values — what Drizzle's own `.prepare()` does, except that `.prepare()` ties the statement
 * to the database it was made on, while this one runs on whichever database or transaction it is
 * handed (a transaction's statements must go to that transaction's connection).
 *
 * It works by letting the builder prepare itself once against a recorder, which keeps what the
 * builder hands its session (the SQL text with placeholders, the selected fields and how to map
 * rows); each run gives those to the real session. The result is the builder's own: the same row
 * objects, the same decoded values, mapped by Drizzle's rules compiled once for the statement
 * (row-mapper.ts). `prebuilt.test.ts` holds that against the plain builder.
 */
interface Preparable<R> {
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<R> };
}

type ResultOf<B> = B extends Preparable<infer R> ? R : never;

/** What a Drizzle query builder hands its session's prepareQuery. */
interface Recorded {
  query: unknown;
  fields: unknown;
  arrayMode: boolean;
  mapper: unknown;
  metadata: unknown;
  joinsNotNullableMap?: unknown;
}

interface Session {
  prepareQuery(
    query: unknown,
    fields: unknown,
    name: string | undefined,
    arrayMode: boolean,
    mapper: unknown,
    metadata: unknown,
  ): { execute(values: Record<string, unknown>): Promise<unknown> };
}

function record(builder: unknown): Recorded {
  let recorded: Recorded | undefined;
  const recorder = {
    prepareQuery(
      query: unknown,
      fields: unknown,
      _name: unknown,
      arrayMode: boolean,
      mapper: unknown,
      metadata: unknown,
    ) {
      recorded = { query, fields, arrayMode, mapper, metadata };
      return {
        set joinsNotNullableMap(map: unknown) {
          recorded!.joinsNotNullableMap = map;
        },
        setToken() {
          return this;
        },
      };
    },
  };
  // The builder prepares itself through `this.session`: for this one build, the recorder.
  (builder as { session: unknown }).session = recorder;
  (builder as { _prepare(): unknown })._prepare();
  if (!recorded) throw new Error("prebuilt: the builder did not prepare a query");
  return recorded;
}

export interface Prebuilt<R> {
  run(db: DbOrTx, values: Record<string, unknown>): Promise<R>;
}

/** `build` is called once, on the first run's database, to make the statement with its placeholders. */
export function prebuilt<B extends Preparable<unknown>>(build: (db: DbOrTx) => B): Prebuilt<ResultOf<B>> {
  let recorded: Recorded | undefined;
  let mapper: unknown;
  return {
    run(db, values) {
      if (!recorded) {
        recorded = record(build(db));
        // A builder that maps its own rows (a relational query) keeps its mapper; a select's or a
        // RETURNING's fields get Drizzle's mapping, compiled once (row-mapper.ts).
        mapper =
          recorded.mapper ??
          (Array.isArray(recorded.fields)
            ? compileRowMapper(
                recorded.fields as Parameters<typeof compileRowMapper>[0],
                recorded.joinsNotNullableMap as Record<string, boolean> | undefined,
              )
            : undefined);
      }
      const session = (db as unknown as { session: Session }).session;
      const prepared = session.prepareQuery(
        recorded.query,
        recorded.fields,
        undefined,
        recorded.arrayMode,
        mapper,
        recorded.metadata,
      );
      // The joins' nullability is the compiled mapper's, taken when it was built: Drizzle's own
      // mapping, the only reader of the prepared query's copy, no longer runs.
      return prepared.execute(values) as Promise<ResultOf<B>>;
    },
  };
}

/**
 * A statement written as SQL (no query builder), built once: `build` is called on the first run,
 * with `sql.placeholder(name)` wherever a value goes (`sql.param(placeholder, column)` to encode it
 * as that column does); each run fills in the values. Rows come back as the driver gives them.
 */
export function prebuiltSql(build: () => SQL): Prebuilt<unknown> {
  let query: unknown;
  return {
    run(db, values) {
      query ??= (db as unknown as { dialect: { sqlToQuery(sql: SQL): unknown } }).dialect.sqlToQuery(build());
      const session = (db as unknown as { session: Session }).session;
      return session.prepareQuery(query, undefined, undefined, false, undefined, undefined).execute(values);
    },
  };
}

/** Shapes kept per family; past it a new shape is still built, just not kept (a bound, never hit in practice). */
const MAX_SHAPES = 256;

/**
 * A family of statements whose text depends on a shape (how many rows, which fields are set): one
 * prebuilt statement per shape, made on first use.
 */
export function prebuiltPerShape<S, R>(
  make: (shape: S) => Prebuilt<R>,
  keyOf: (shape: S) => string,
): (shape: S) => Prebuilt<R> {
  const built = new Map<string, Prebuilt<R>>();
  return (shape) => {
    const key = keyOf(shape);
    let statement = built.get(key);
    if (!statement) {
      statement = make(shape);
      if (built.size < MAX_SHAPES) built.set(key, statement);
    }
    return statement;
  };
}
