import { buildIfNeeded } from "../start";
import { benchDatabase } from "./database";
import { launchBenchServer } from "./launch";
import { type LoadResult, runLoad } from "./load";
import { formatReport, saveReport } from "./report";
import { measureStampCost } from "./stamp-cost";
import { newBenchKey } from "./stamper";

const CONCURRENCY = [1, 32];

function secondsPerRun(): number {
  const raw = process.env.BENCH_SECONDS ?? "5";
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 600) {
    throw new Error(`BENCH_SECONDS must be a number of seconds between 0 and 600, got "${raw}"`);
  }
  return seconds;
}

/**
 * `npm run bench`: start the built server, put each scenario under load at concurrency 1 and 32,
 * measure stamp verification in process, print the table and save it to .bench/results.json.
 * Exits non-zero when any request failed, so broken figures are never mistaken for slow ones.
 */
export async function bench(root: string): Promise<number> {
  const seconds = secondsPerRun();
  buildIfNeeded(root);
  const key = newBenchKey();
  const database = await benchDatabase(process.env.DATABASE_URL || undefined);
  const results: LoadResult[] = [];
  try {
    const server = await launchBenchServer(root, key.publicKey, database.url);
    let users = 0;
    const post = (kind: "submit" | "query", name: string, payload: unknown) => {
      const body = new TextEncoder().encode(JSON.stringify(payload));
      return fetch(`${server.baseUrl}/public/v1/${kind}/${name}`, {
        method: "POST",
        headers: { "content-type": "application/json", "X-Stamp": key.stamp(body) },
        body,
      });
    };
    const scenarios: [string, () => Promise<Response>][] = [
      ["GET /healthz", () => fetch(`${server.baseUrl}/healthz`)],
      ["query whoami (stamped)", () => post("query", "whoami", { organizationId: server.organizationId })],
      [
        "activity create_users (1 user)",
        () =>
          post("submit", "create_users", {
            type: "ACTIVITY_TYPE_CREATE_USERS_V4",
            timestampMs: String(Date.now()),
            organizationId: server.organizationId,
            parameters: {
              users: [
                {
                  userName: `bench-user-${++users}`,
                  apiKeys: [],
                  authenticators: [],
                  oauthProviders: [],
                  userTags: [],
                },
              ],
            },
          }),
      ],
    ];
    try {
      for (const [name, send] of scenarios) {
        for (const concurrency of CONCURRENCY) {
          process.stderr.write(`bench: ${name} at concurrency ${concurrency}…\n`);
          results.push(await runLoad(name, concurrency, seconds * 1000, send));
        }
      }
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
  }
  const report = {
    database: database.url ? ("PostgreSQL" as const) : ("PGlite" as const),
    at: new Date().toISOString(),
    node: process.version,
    secondsPerRun: seconds,
    results,
    stampVerification: await measureStampCost(),
  };
  process.stdout.write(formatReport(report));
  process.stdout.write(`saved to ${saveReport(root, report)}\n`);
  return results.some((r) => r.errors > 0) ? 1 : 0;
}
