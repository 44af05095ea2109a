import pg from "pg";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { queryWithCallbacks } from "../queries-with-callbacks";

/**
 * Every statement goes to node-postgres with its callback, answered as a promise by the wrapper
 * (queries-with-callbacks.ts): the same answers and failures as node-postgres's own promise form.
 */

// PostgreSQL's alone (a real connection): vitest.config.ts runs *.postgres.test.ts only there.
describe("on PostgreSQL, a connection whose statements carry their callbacks", () => {
  let client: pg.Client;
  beforeEach(async () => {
    client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    queryWithCallbacks(client as never);
  });
  afterEach(async () => {
    await client.end();
  });

  it("answers a statement asked without a callback as a promise of its result", async () => {
    const result = await client.query({ text: "select $1::int + 1 as sum, 'zoë' as name", values: [41] });
    expect(result.rows).toEqual([{ sum: 42, name: "zoë" }]);
    expect(result.command).toBe("SELECT");
    const arrays = await client.query({ text: "select 1 as a, 2 as b", rowMode: "array" });
    expect(arrays.rows).toEqual([[1, 2]]);
  });

  it("rejects with PostgreSQL's own error, and the connection goes on", async () => {
    const failure = await client.query("select 1 / $1::int", [0]).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error & { code?: string }).code).toBe("22012");
    expect((failure as Error).message).toBe("division by zero");
    expect((await client.query("select 'still here' as status")).rows).toEqual([{ status: "still here" }]);
  });

  it("leaves the config it was given as it was given, as Drizzle reuses it for every run", async () => {
    const kept = { name: "kept_statement", text: "select $1::text as echoed" };
    for (const value of ["first", "second"]) {
      expect((await client.query(kept, [value])).rows).toEqual([{ echoed: value }]);
    }
    expect(kept).toEqual({ name: "kept_statement", text: "select $1::text as echoed" });
  });

  it("passes a callback or a query object through as node-postgres takes them", async () => {
    const called = await new Promise<unknown>((resolve, reject) =>
      client.query("select 7 as seven", (error: Error | null, result: pg.QueryResult) =>
        error ? reject(error) : resolve(result.rows),
      ),
    );
    expect(called).toEqual([{ seven: 7 }]);
    const submitted = await new Promise<unknown>((resolve, reject) => {
      const query = new pg.Query(
        "select 8 as eight",
        [],
        (error: Error | undefined, result: pg.QueryResult) => (error ? reject(error) : resolve(result.rows)),
      );
      client.query(query as never);
    });
    expect(submitted).toEqual([{ eight: 8 }]);
  });
});
