import path from "node:path";
import pg from "pg";
import type { EmptyServer } from "./server";
import { type Answer, type ApiKey, query, type SignedRequest, send } from "./signed";

export interface Sent<T> {
  request: SignedRequest;
  /** The server's answer; absent when none arrived (killed mid-request, or refused the connection). */
  answer?: Answer<T>;
}

/**
 * Send every request with `concurrency` of them in flight at once, in order. `afterAnswer` runs after
 * each answer with the count so far (a test kills the server there); a request the server never
 * answered is kept without an answer, and the burst goes on (the remaining ones are refused fast).
 */
export async function burst<T>(
  baseUrl: string,
  requests: SignedRequest[],
  concurrency: number,
  afterAnswer: (answered: number) => void | Promise<void>,
): Promise<Sent<T>[]> {
  const sent: Sent<T>[] = requests.map((request) => ({ request }));
  let next = 0;
  let answered = 0;
  const worker = async () => {
    while (next < sent.length) {
      const item = sent[next++]!;
      try {
        item.answer = await send<T>(baseUrl, item.request);
      } catch {
        continue; // no answer: the connection was reset or refused
      }
      await afterAnswer(++answered);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return sent;
}

interface ActivityView {
  id: string;
  type: string;
  status: string;
}

/** Every activity of the organization, through list_activities' pages (newest first). */
export async function allActivities(baseUrl: string, key: ApiKey, organizationId: string) {
  const all: ActivityView[] = [];
  for (;;) {
    const before = all.at(-1)?.id;
    const page = await query<{ activities: ActivityView[] }>(baseUrl, key, "list_activities", {
      organizationId,
      paginationOptions: { limit: "100", ...(before ? { before } : {}) },
    });
    all.push(...page.activities);
    if (page.activities.length < 100) return all;
  }
}

/** How many times each value occurs. */
export function tally(values: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

// Every B-tree index of the database, system catalogs included, checked together with its table
// (heapallindexed: every row the table holds must be found in the index).
const CHECK_EVERY_BTREE = `
  SELECT count(bt_index_check(c.oid, true))::int AS checked
  FROM pg_index i
  JOIN pg_class c ON c.oid = i.indexrelid
  JOIN pg_am a ON a.oid = c.relam
  WHERE a.amname = 'btree' AND c.relpersistence <> 't' AND i.indisready AND i.indisvalid`;

/**
 * amcheck's bt_index_check on every B-tree index of the server's database; returns how many were
 * checked (a corrupt one raises). PostgreSQL: while the server runs. PGlite (which ships amcheck
 * as an extension): the server must be stopped, the data directory is opened here.
 */
export async function checkIndexes(server: EmptyServer): Promise<number> {
  if (server.env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: server.env.DATABASE_URL });
    await client.connect();
    try {
      await client.query("CREATE EXTENSION IF NOT EXISTS amcheck");
      return (await client.query<{ checked: number }>(CHECK_EVERY_BTREE)).rows[0]!.checked;
    } finally {
      await client.end();
    }
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { amcheck } = await import("@electric-sql/pglite/contrib/amcheck");
  const db = new PGlite(path.join(server.dataDir, "pglite"), { extensions: { amcheck } });
  try {
    await db.exec("CREATE EXTENSION IF NOT EXISTS amcheck");
    return (await db.query<{ checked: number }>(CHECK_EVERY_BTREE)).rows[0]!.checked;
  } finally {
    await db.close();
  }
}
