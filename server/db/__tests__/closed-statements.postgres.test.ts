import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../testing/harness";
import { type PooledConnection, pooledConnection } from "./transaction-rows";

/**
 * A named statement after a value node-postgres cannot encode (closed-statements.ts): pg closes the
 * statement on the server and, unmended, goes on binding it there, so every later use on that
 * connection fails. Checked on one pooled connection, with the name the pool gives a hot text.
 */

// PostgreSQL's alone (its pool and wire protocol): vitest.config.ts runs *.postgres.test.ts only there.
describe("on PostgreSQL", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const rawClient = () => pooledConnection(t.app.db);
  /** A text of its own, so that the pool names it from its second use (prepared-statements.ts). */
  const hotText = () => ({ text: `select $1::jsonb as value, '${randomUUID()}' as tag` });
  const run = (client: PooledConnection, text: { text: string }, value: unknown) =>
    client.query({ ...text, values: [value] }).then(({ rows }) => (rows[0] as { value: unknown }).value);

  it("a statement named and prepared on the connection answers again after a value that could not be sent", async () => {
    const client = await rawClient();
    const text = hotText();
    try {
      expect(await run(client, text, { n: 1 })).toEqual({ n: 1 });
      expect(await run(client, text, { n: 2 })).toEqual({ n: 2 }); // named, parsed, cached
      // JSON.stringify refuses a BigInt: pg closes the statement instead of binding it.
      await expect(run(client, text, { n: 3n })).rejects.toThrow(/BigInt/);
      expect(await run(client, text, { n: 4 })).toEqual({ n: 4 });
      expect(await run(client, text, { n: 5 })).toEqual({ n: 5 });
    } finally {
      client.release();
    }
  });

  it("so does one whose first named use failed that way, inside a transaction whose BEGIN went with it", async () => {
    const client = await rawClient();
    const text = hotText();
    try {
      expect(await run(client, text, { n: 1 })).toEqual({ n: 1 }); // unnamed; the next use is named
      await client.query({ text: "begin" });
      await expect(run(client, text, { n: 2n })).rejects.toThrow(/BigInt/);
      await client.query({ text: "rollback" });
      expect(await run(client, text, { n: 3 })).toEqual({ n: 3 });
      expect(await run(client, text, { n: 4 })).toEqual({ n: 4 });
    } finally {
      client.release();
    }
  });

  it("one whose Close was skipped, because the BEGIN ahead of it failed, is still prepared and answers", async () => {
    const client = await rawClient();
    const text = hotText();
    try {
      expect(await run(client, text, { n: 1 })).toEqual({ n: 1 });
      expect(await run(client, text, { n: 2 })).toEqual({ n: 2 }); // named, parsed, cached
      // A BEGIN PostgreSQL refuses goes ahead of the value pg cannot encode: the Close behind it is
      // skipped, so the statement stays on the server, and forgetting it would make the next Parse
      // of the name fail ("already exists").
      await client.query({ text: "begin isolation level sideways" });
      await expect(run(client, text, { n: 3n })).rejects.toThrow(/BigInt/);
      await client.query({ text: "rollback" });
      expect(await run(client, text, { n: 4 })).toEqual({ n: 4 });
    } finally {
      client.release();
    }
  });
});
