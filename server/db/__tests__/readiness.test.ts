import fs from "node:fs";
import path from "node:path";
import type pg from "pg";
import { describe, expect, it } from "vitest";
import { collectGarbage } from "../../testing/collect-garbage";
import { answeredInRequestContexts, stillHeld } from "../../testing/request-contexts";
import { migrationsDir } from "../open";
import {
  appliedOverOwnConnection,
  freshReadings,
  READINESS_APPLICATION_NAME,
  readinessCheck,
} from "../readiness";

const shipped = (
  JSON.parse(fs.readFileSync(path.join(migrationsDir(), "meta", "_journal.json"), "utf8")) as {
    entries: unknown[];
  }
).entries.length;

/** A count read that answers what it is told to, and says how many times it was asked. */
function countedReads(answers: (number | Error)[]) {
  let asked = 0;
  return {
    asked: () => asked,
    applied: {
      count: async () => {
        const answer = answers[asked++];
        if (answer instanceof Error) throw answer;
        return answer ?? 0;
      },
      close: async () => undefined,
    },
  };
}

describe("the readiness check behind /healthz", () => {
  it("reads the database at every check, against the migrations this code ships", async () => {
    const reads = countedReads([shipped, shipped - 1]);
    const check = readinessCheck(migrationsDir(), reads.applied);
    expect(await check()).toEqual({ database: true, migrations: { applied: shipped, expected: shipped } });
    // A migration row removed since (or not yet applied) shows at the next check: nothing is kept.
    expect((await check()).migrations).toEqual({ applied: shipped - 1, expected: shipped });
    expect(reads.asked()).toBe(2);
  });

  it("fails with the reading's own error, and reads afresh at the next check", async () => {
    const reads = countedReads([new Error("connect ECONNREFUSED 127.0.0.1:5432"), shipped]);
    const check = readinessCheck(migrationsDir(), reads.applied);
    await expect(check()).rejects.toThrow("connect ECONNREFUSED 127.0.0.1:5432");
    expect((await check()).database).toBe(true);
  });
});

/** Readings that answer when told to, in the order they were started. */
function heldReadings() {
  const pending: ((value: number) => void)[] = [];
  return {
    started: () => pending.length,
    read: () => new Promise<number>((resolve) => pending.push(resolve)),
    answer: (index: number, value: number) => pending[index]!(value),
  };
}

describe("checks that arrive together", () => {
  it("share the next reading, never one that started before they arrived, and never queue one per check", async () => {
    const held = heldReadings();
    const check = freshReadings(held.read);
    const first = check();
    // Three checks while the first reading is under way: the database may have changed since it started.
    const meanwhile = [check(), check(), check()];
    expect(held.started()).toBe(1);
    held.answer(0, 5);
    expect(await first).toBe(5);
    await Promise.resolve();
    await Promise.resolve();
    expect(held.started()).toBe(2);
    held.answer(1, 6);
    expect(await Promise.all(meanwhile)).toEqual([6, 6, 6]);
    // Nothing under way: the next check starts its own reading at once.
    const later = check();
    expect(held.started()).toBe(3);
    held.answer(2, 7);
    expect(await later).toBe(7);
  });

  it("pass a failed reading's error to the checks it answers, and read afresh for the next", async () => {
    let reads = 0;
    const check = freshReadings(async () => {
      reads += 1;
      if (reads === 1) throw new Error("connect ECONNREFUSED 127.0.0.1:5432");
      return 9;
    });
    const [failed, waiting] = [check(), check()];
    await expect(failed).rejects.toThrow("ECONNREFUSED");
    expect(await waiting).toBe(9);
    expect(reads).toBe(2);
  });
});

/** A stand-in for pg.Client that records its settings and whose connect answers when told to. */
function heldClient() {
  const made: { config: Record<string, unknown>; ended: boolean }[] = [];
  let connected: (() => void) | undefined;
  class Client {
    private readonly made = { config: {} as Record<string, unknown>, ended: false };
    constructor(config: Record<string, unknown>) {
      this.made.config = config;
      made.push(this.made);
    }
    on() {
      return this;
    }
    connect() {
      return new Promise<void>((resolve) => {
        connected = resolve;
      });
    }
    async query() {
      return [
        { command: "BEGIN", rows: [] },
        { command: "SET", rows: [] },
        { command: "SELECT", rows: [{ applied: 7 }] },
        { command: "COMMIT", rows: [] },
      ];
    }
    async end() {
      this.made.ended = true;
    }
  }
  return { Client: Client as unknown as typeof pg.Client, made, connect: () => connected?.() };
}

describe("the check's own PostgreSQL connection", () => {
  it("sends no setting at connection start but its name, which PgBouncer would refuse", async () => {
    const held = heldClient();
    const applied = appliedOverOwnConnection(held.Client, { connectionString: "postgres://db/x" }, "drizzle");
    const reading = applied.count();
    await Promise.resolve();
    held.connect();
    expect(await reading).toBe(7);
    expect(held.made).toHaveLength(1);
    const { config } = held.made[0]!;
    // Startup parameters pg would send: only the application name (timeouts here are the client's own).
    expect(Object.keys(config).sort()).toEqual(
      ["application_name", "connectionString", "connectionTimeoutMillis", "query_timeout"].sort(),
    );
    expect(config.application_name).toBe(READINESS_APPLICATION_NAME);
  });

  it("fails a check still connecting when the database is closed, and ends the connection", async () => {
    const held = heldClient();
    const applied = appliedOverOwnConnection(held.Client, { connectionString: "postgres://db/x" }, "drizzle");
    const reading = applied.count();
    await Promise.resolve();
    // pg never settles a connect that end() interrupted: the check must not wait for it.
    await applied.close();
    await expect(reading).rejects.toThrow("Cannot check the database after it was closed");
    expect(held.made.map((m) => m.ended)).toEqual([true]);
    await expect(applied.count()).rejects.toThrow("after it was closed");
  });

  it("keeps nothing of a check once it has answered: a load balancer checks for as long as the process lives", async () => {
    const held = heldClient();
    const applied = appliedOverOwnConnection(held.Client, { connectionString: "postgres://db/x" }, "drizzle");
    const first = applied.count();
    await Promise.resolve();
    held.connect();
    await first;
    // Each check runs in its request's async context, as under the HTTP server (Next.js keeps the
    // request, its response and its caches there). A check that leaves a reaction on a promise the
    // connection keeps would keep its request's context, and every request's, until shutdown.
    const { answers, contexts } = await answeredInRequestContexts(20, () => applied.count(), 64 * 1024);
    expect(answers).toEqual(Array(20).fill(7));
    await collectGarbage();
    expect(stillHeld(contexts)).toBe(0);
    await applied.close();
  });
});
