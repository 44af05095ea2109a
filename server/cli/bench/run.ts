import { buildIfNeeded } from "../start";
import { benchDatabase } from "./database";
import { benchEarn, type EarnCost } from "./earn-cost";
import { startHealthzProbe } from "./healthz-probe";
import { type BenchAnswer, benchHttp } from "./http-client";
import { launchBenchServer } from "./launch";
import { type LoadResult, runLoad } from "./load";
import { benchPolicies, benchTransaction, measurePolicyCost } from "./policy-cost";
import { cpuPerRequest, readCpu } from "./process-cpu";
import { formatReport, saveReport } from "./report";
import { again, RULERS, type Ruler } from "./rulers";
import { ethSendBench, type SendCost } from "./send-cost";
import { perRequest, scrapeServer } from "./server-metrics";
import { measureSigningCost } from "./signing-cost";
import { solSendBench } from "./sol-send-cost";
import { benchSponsoredSends } from "./sponsored-send-cost";
import { measureStampCost } from "./stamp-cost";
import { type BenchKey, newBenchKey } from "./stamper";
import { benchWallet } from "./wallet";
import { benchWorkers } from "./workers";

const CONCURRENCY = [1, 32];

/**
 * A non-root user with an API key, and 100 policies in force of which the last allows that user's
 * approve/deposit transactions to the bench vault: every request evaluates all 100.
 */
async function benchMember(
  submit: (type: string, path: string, parameters: unknown) => Promise<BenchAnswer>,
): Promise<{ key: BenchKey }> {
  const key = newBenchKey();
  const created = await submit("ACTIVITY_TYPE_CREATE_USERS_V4", "create_users", {
    users: [
      {
        userName: "bench-member",
        apiKeys: [{ apiKeyName: "bench-member", publicKey: key.publicKey, curveType: "API_KEY_CURVE_P256" }],
        authenticators: [],
        oauthProviders: [],
        userTags: [],
      },
    ],
  });
  const body = (await created.json()) as {
    activity?: { result?: { createUsersResult?: { userIds: string[] } } };
  };
  const userId = body.activity?.result?.createUsersResult?.userIds[0];
  if (!created.ok || !userId) throw new Error(`bench: create_users failed: ${JSON.stringify(body)}`);
  const policies = await submit("ACTIVITY_TYPE_CREATE_POLICIES", "create_policies", {
    policies: benchPolicies(100, userId),
  });
  if (!policies.ok) throw new Error(`bench: create_policies failed: ${await policies.text()}`);
  return { key };
}

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
  let sends: SendCost | undefined;
  let solSends: SendCost | undefined;
  let sponsoredSends: SendCost | undefined;
  let earn: EarnCost | undefined;
  try {
    const server = await launchBenchServer(root, key.publicKey, database.url);
    const client = benchHttp(server.baseUrl);
    // The health check a load balancer would send during each API load, on connections of its own.
    const prober = benchHttp(server.baseUrl);
    let users = 0;
    let accounts = 0;
    let signatures = 0;
    const postAs = (signer: BenchKey, kind: "submit" | "query", name: string, payload: unknown) => {
      const body = new TextEncoder().encode(JSON.stringify(payload));
      return client.post(`/public/v1/${kind}/${name}`, body, {
        "content-type": "application/json",
        "X-Stamp": signer.stamp(body),
      });
    };
    const post = (kind: "submit" | "query", name: string, payload: unknown) =>
      postAs(key, kind, name, payload);
    const activity = (type: string, parameters: unknown) => ({
      type,
      timestampMs: String(Date.now()),
      organizationId: server.organizationId,
      parameters,
    });
    const wallet = await benchWallet((type, name, parameters) =>
      post("submit", name, activity(type, parameters)),
    );
    const member = await benchMember((type, name, parameters) =>
      post("submit", name, activity(type, parameters)),
    );
    let nonces = 0;
    // Each signature is over a different payload: the same signed body twice would be one activity.
    const signWith = (signer: string, hashFunction: string) => () =>
      post(
        "submit",
        "sign_raw_payload",
        activity("ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2", {
          signWith: signer,
          payload: `0x${(++signatures).toString(16).padStart(64, "0")}`,
          encoding: "PAYLOAD_ENCODING_HEXADECIMAL",
          hashFunction,
        }),
      );
    const scenarios: [string, string, () => Promise<BenchAnswer>][] = [
      // The ceiling: `latchkey start` answers /healthz (and the API) itself, without Next.js.
      ["GET /healthz", "", () => client.get("/healthz")],
      // The same answer through Next's router (a query string sends it there), as every page goes:
      // the framework's own ceiling, which the API no longer pays (server/direct-routes-slot.ts).
      ["GET /healthz through Next.js", "", () => client.get("/healthz?via=next")],
      [
        "query whoami (stamped)",
        "/query/whoami",
        () => post("query", "whoami", { organizationId: server.organizationId }),
      ],
      [
        "activity create_users (1 user)",
        "/submit/create_users",
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
      [
        "activity sign_raw_payload (secp256k1)",
        "/submit/sign_raw_payload",
        signWith(wallet.ethereum, "HASH_FUNCTION_NO_OP"),
      ],
      [
        "activity sign_raw_payload (ed25519)",
        "/submit/sign_raw_payload",
        signWith(wallet.solana, "HASH_FUNCTION_NOT_APPLICABLE"),
      ],
      [
        "activity create_wallet_accounts (1 Ethereum)",
        "/submit/create_wallet_accounts",
        () =>
          post(
            "submit",
            "create_wallet_accounts",
            activity("ACTIVITY_TYPE_CREATE_WALLET_ACCOUNTS", {
              walletId: wallet.walletId,
              accounts: [
                {
                  curve: "CURVE_SECP256K1",
                  pathFormat: "PATH_FORMAT_BIP32",
                  path: `m/44'/60'/0'/0/${++accounts}`,
                  addressFormat: "ADDRESS_FORMAT_ETHEREUM",
                },
              ],
            }),
          ),
      ],
      [
        "sign_transaction, non-root, 100 policies",
        "/submit/sign_transaction",
        () =>
          postAs(
            member.key,
            "submit",
            "sign_transaction",
            activity("ACTIVITY_TYPE_SIGN_TRANSACTION_V2", {
              signWith: wallet.ethereum,
              type: "TRANSACTION_TYPE_ETHEREUM",
              unsignedTransaction: benchTransaction(++nonces),
            }),
          ),
      ],
    ];
    // The rulers once more after every API row (rulers.ts): a share is of the faster of their two runs.
    scenarios.push(
      ...scenarios
        .filter(([name]) => (RULERS as readonly string[]).includes(name))
        .map(([name, path, send]): (typeof scenarios)[number] => [again(name as Ruler), path, send]),
    );
    try {
      for (const [name, path, send] of scenarios) {
        for (const concurrency of CONCURRENCY) {
          process.stderr.write(`bench: ${name} at concurrency ${concurrency}…\n`);
          // The scrape before resets the server's event-loop and GC-pause windows; the one after reads them.
          const before = await scrapeServer(server.baseUrl, server.metricsToken);
          const cpuBefore = readCpu(server.pid, database.url !== undefined);
          const probe = path ? startHealthzProbe(() => prober.get("/healthz")) : undefined;
          const result = await runLoad(name, concurrency, seconds * 1000, send);
          const healthz = await probe?.stop();
          const cpu = cpuPerRequest(
            cpuBefore,
            readCpu(server.pid, database.url !== undefined),
            result.requests,
          );
          const after = await scrapeServer(server.baseUrl, server.metricsToken);
          results.push({
            ...result,
            serverCpuMs: cpu.serverMs,
            postgresCpuMs: cpu.postgresMs,
            roundTrips: path ? perRequest(before, after, path, "roundTrips") : undefined,
            // PGlite has no pool: its one connection's queue is inside PGlite, and not counted.
            poolWaitMs:
              path && database.url ? (perRequest(before, after, path, "poolWait") ?? 0) * 1000 : undefined,
            eventLoopP99Ms: after.eventLoopP99Ms,
            eventLoopMaxMs: after.eventLoopMaxMs,
            gcPauseMaxMs: after.gcPauseMaxMs,
            heapLiveMb: after.heapLiveMb,
            healthzDuringP99Ms: healthz?.p99Ms,
            healthzDuringErrors: healthz?.errors,
          });
        }
      }
      // BENCH_SENDS=0 leaves the sends and Earn out (most of a run's minutes), to compare the API alone.
      if (process.env.BENCH_SENDS !== "0") {
        // Last: the sends. Both latencies first, then the loads, which leave work in the job queue
        // that would slow whatever ran after them.
        const sendBench = { baseUrl: server.baseUrl, organizationId: server.organizationId, post, activity };
        const eth = await ethSendBench(sendBench, wallet.ethereum, seconds);
        const sol = await solSendBench(sendBench, wallet.solana, seconds);
        process.stderr.write("bench: eth_send_transaction submitted → COMPLETED…\n");
        sends = await eth.latency();
        process.stderr.write("bench: sol_send_transaction submitted → COMPLETED…\n");
        solSends = await sol.latency();
        process.stderr.write("bench: sponsored eth_send_transaction, one at a time…\n");
        sponsoredSends = await benchSponsoredSends(sendBench, wallet.ethereum);
        process.stderr.write("bench: Earn deposits and list_earn_enabled_vaults over 50 wrappers…\n");
        earn = await benchEarn(sendBench, wallet.ethereum);
        results.push(...(await eth.loads()), ...(await sol.loads()));
      }
    } finally {
      client.close();
      prober.close();
      await server.stop();
    }
  } finally {
    await database.drop();
  }
  const workers = await benchWorkers(root, process.env.DATABASE_URL || undefined, seconds);
  const report = {
    database: database.url ? ("PostgreSQL" as const) : ("PGlite" as const),
    at: new Date().toISOString(),
    node: process.version,
    secondsPerRun: seconds,
    results,
    stampVerification: await measureStampCost(),
    signing: measureSigningCost(),
    policies: measurePolicyCost(),
    sends,
    solSends,
    sponsoredSends,
    earn,
    workers,
  };
  process.stdout.write(formatReport(report));
  process.stdout.write(`saved to ${saveReport(root, report)}\n`);
  const failed = (r: LoadResult) => r.errors > 0 || (r.healthzDuringErrors ?? 0) > 0;
  return [...results, ...workers].some(failed) ? 1 : 0;
}
