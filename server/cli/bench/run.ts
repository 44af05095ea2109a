import { generateKeyPairSync } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { stampBytes } from "../../testing/raw-stamp";
import { buildIfNeeded } from "../start";
import { launchBenchServer } from "./launch";
import { type LoadResult, runLoad } from "./load";
import { stampVerifyMicros } from "./stamp-cost";

const SECONDS_PER_RUN = Number(process.env.BENCH_SECONDS ?? 5);

function newKey() {
  const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = privateKey.export({ format: "jwk" });
  const y = Buffer.from(jwk.y!, "base64url");
  const compressed = Buffer.concat([Buffer.from([y[31]! & 1 ? 3 : 2]), Buffer.from(jwk.x!, "base64url")]);
  return {
    publicKey: compressed.toString("hex"),
    privateKey: Buffer.from(jwk.d!, "base64url").toString("hex"),
  };
}

/** `npm run bench`: one started server, the figures the foundation issue asks for, printed and saved. */
export async function bench(root: string): Promise<number> {
  buildIfNeeded(root);
  const key = newKey();
  const database = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite";
  const server = await launchBenchServer(root, key.publicKey);
  const results: LoadResult[] = [];
  let counter = 0;
  const post = (kind: string, pathName: string, body: string) => {
    const bytes = new TextEncoder().encode(body);
    return fetch(`${server.baseUrl}/public/v1/${kind}/${pathName}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...stampBytes(key, bytes) },
      body: bytes,
    });
  };
  const scenarios: [string, () => Promise<Response>][] = [
    ["GET /healthz", () => fetch(`${server.baseUrl}/healthz`)],
    [
      "query whoami",
      () => post("query", "whoami", JSON.stringify({ organizationId: server.organizationId })),
    ],
    [
      "activity create_users (1 user)",
      () =>
        post(
          "submit",
          "create_users",
          JSON.stringify({
            type: "ACTIVITY_TYPE_CREATE_USERS_V4",
            timestampMs: String(Date.now()),
            organizationId: server.organizationId,
            parameters: {
              users: [
                {
                  userName: `bench-${process.pid}-${++counter}`,
                  apiKeys: [],
                  authenticators: [],
                  oauthProviders: [],
                  userTags: [],
                },
              ],
            },
          }),
        ),
    ],
  ];
  try {
    for (const [name, send] of scenarios) {
      for (const concurrency of [1, 32]) {
        results.push(await runLoad(name, concurrency, SECONDS_PER_RUN * 1000, send));
      }
    }
  } finally {
    await server.stop();
  }
  const micros = await stampVerifyMicros(key);
  print(database, results, micros);
  const out = path.join(root, ".bench");
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(
    path.join(out, `foundation-${database.toLowerCase()}.json`),
    JSON.stringify({ database, at: new Date().toISOString(), results, stampVerifyMicros: micros }, null, 2),
  );
  return results.some((r) => r.errors > 0) ? 1 : 0;
}

function print(database: string, results: LoadResult[], micros: number) {
  const rows = results.map((r) =>
    [
      r.name.padEnd(32),
      String(r.concurrency).padStart(3),
      r.perSecond.toFixed(0).padStart(8),
      r.p50Ms.toFixed(1).padStart(8),
      r.p99Ms.toFixed(1).padStart(8),
      String(r.errors).padStart(6),
    ].join("  "),
  );
  process.stdout.write(
    [
      `Latchkey benchmark on ${database}, ${SECONDS_PER_RUN} s per run, node ${process.version}`,
      `${"scenario".padEnd(32)}  ${"c".padStart(3)}  ${"req/s".padStart(8)}  ${"p50 ms".padStart(8)}  ${"p99 ms".padStart(8)}  ${"errors".padStart(6)}`,
      ...rows,
      `in-process P-256 X-Stamp verification: ${micros.toFixed(1)} µs/op`,
      "",
    ].join("\n"),
  );
}
