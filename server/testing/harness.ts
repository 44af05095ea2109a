import { randomBytes } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { ApiKeyStamper } from "@turnkey/api-key-stamper";
import { generateP256KeyPair } from "@turnkey/crypto";
import pg from "pg";
import pino, { type Logger } from "pino";
import { handleApiRequest } from "../api/handle";
import { fixedClock } from "../clock";
import { loadConfig } from "../config";
import { type AppContext, createAppContext } from "../context";
import { createRootOrganization } from "../organizations/bootstrap";
import { pgliteTemplate } from "./pglite-template";

export interface TestKey {
  publicKey: string;
  privateKey: string;
  stamper: ApiKeyStamper;
}

export function newApiKey(): TestKey {
  const pair = generateP256KeyPair();
  return {
    publicKey: pair.publicKey,
    privateKey: pair.privateKey,
    stamper: new ApiKeyStamper({ apiPublicKey: pair.publicKey, apiPrivateKey: pair.privateKey }),
  };
}

export interface ApiResponse<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

export interface TestApp {
  app: AppContext;
  clock: ReturnType<typeof fixedClock>;
  /** The PostgreSQL schema it lives in (undefined on PGlite). */
  pgSchema: string | undefined;
  /** POST a body (object or exact string) stamped by `key` (or with the given headers), plus `headers`. */
  call<T = Record<string, unknown>>(
    kind: "submit" | "query",
    path: string,
    body: unknown,
    auth: TestKey | { headers: Record<string, string> } | null,
    headers?: Record<string, string>,
  ): Promise<ApiResponse<T>>;
  /** Build an activity body with a fresh timestamp. */
  activity(type: string, organizationId: string, parameters: unknown): Record<string, unknown>;
  /** A root organization whose root user holds a fresh API key. */
  newOrganization(name?: string): Promise<{ organizationId: string; userId: string; key: TestKey }>;
  /** A non-root user of the organization holding a fresh API key, created through create_users by `by`. */
  newMember(
    organizationId: string,
    by: TestKey,
    userName?: string,
  ): Promise<{ userId: string; key: TestKey }>;
  /** A new wallet of the organization with these accounts, created through create_wallet by `by`. */
  newWallet(
    organizationId: string,
    by: TestKey,
    accounts: object[],
  ): Promise<{ walletId: string; addresses: string[] }>;
  /**
   * Stop this application context (its local devnets dump their state) and start a new one on the
   * same data: the same data directory (PGlite on disk: start with `persistent`) or PostgreSQL
   * schema, master key and clock — a server restart. `app` is the new context afterwards.
   */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  logger?: Logger;
  /** More environment for loadConfig (rate limits, LATCHKEY_TRUST_PROXY…). */
  env?: Record<string, string>;
  /**
   * PostgreSQL only: a second instance on the same schema, master key and clock as this one, as
   * two servers on one database are. The one that made the schema drops it: close this one first.
   */
  shareDatabaseWith?: TestApp;
  /** PGlite on disk under the data directory instead of in memory, so that `restart()` finds it. */
  persistent?: boolean;
  /** The system's clock instead of the fixed one (tests of the job worker's own timing). */
  realClock?: boolean;
  /**
   * A whole installation as `latchkey start` opens it, for tests of what the CLI does to one: PGlite
   * on disk in `dataDir` (holding its lock), or, with `databaseUrl`, that database's public schema.
   */
  installation?: { dataDir: string; databaseUrl?: string };
}

/**
 * A real application context for in-process API tests: PGlite in memory, or, when DATABASE_URL
 * is set, a PostgreSQL schema of its own that is dropped afterwards. Logs go nowhere unless a
 * logger is given (the logging tests capture them).
 */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const own = options.installation;
  const databaseUrl = own ? own.databaseUrl : process.env.DATABASE_URL || undefined;
  const peer = options.shareDatabaseWith;
  if (peer && !databaseUrl) throw new Error("shareDatabaseWith needs DATABASE_URL: PGlite opens once");
  const pgSchema = own
    ? undefined
    : peer
      ? peer.pgSchema
      : databaseUrl
        ? `test_${randomBytes(6).toString("hex")}`
        : undefined;
  const config = loadConfig({
    LATCHKEY_MASTER_KEY: peer?.app.config.masterKey ?? randomBytes(32).toString("hex"),
    LATCHKEY_DATA_DIR:
      own?.dataDir ?? path.join(os.tmpdir(), `latchkey-test-${randomBytes(4).toString("hex")}`),
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: "silent",
    // The fixed clock never leaves its window, so a whole test file would share one budget: every
    // request is still counted, but only tests that set their own limits are ever refused.
    LATCHKEY_RATE_LIMIT_ACTIVITIES_PER_KEY: "1000000000",
    LATCHKEY_RATE_LIMIT_QUERIES_PER_KEY: "1000000000",
    ...options.env,
  });
  const realClock = {
    now: () => new Date(),
    advance() {
      throw new Error("the real clock cannot be advanced");
    },
  };
  const clock = peer?.clock ?? (options.realClock ? realClock : fixedClock(new Date()));
  const inMemory = !databaseUrl && !options.persistent && !own;
  const template = inMemory ? await pgliteTemplate() : undefined;
  const open = () =>
    createAppContext(config, {
      clock,
      inMemory,
      pgliteTemplate: template,
      pgSchema,
      logger: options.logger ?? pino({ level: "silent" }),
    });
  let app = await open();
  let counter = 0;
  const testApp: TestApp = {
    app,
    clock,
    pgSchema,
    async call(kind, apiPath, body, auth, extraHeaders = {}) {
      const text = typeof body === "string" ? body : JSON.stringify(body);
      const headers: Record<string, string> = { "content-type": "application/json", ...extraHeaders };
      if (auth && "stamper" in auth) {
        const stamp = await auth.stamper.stamp(text);
        headers[stamp.stampHeaderName] = stamp.stampHeaderValue;
      } else if (auth) {
        Object.assign(headers, auth.headers);
      }
      const request = new Request(`http://localhost/public/v1/${kind}/${apiPath}`, {
        method: "POST",
        headers,
        body: text,
      });
      const response = await handleApiRequest(testApp.app, request, { kind, path: apiPath });
      return { status: response.status, body: await response.json(), headers: response.headers };
    },
    activity(type, organizationId, parameters) {
      counter += 1;
      return { type, timestampMs: String(clock.now().getTime() + counter), organizationId, parameters };
    },
    async newOrganization(name = "Test org") {
      const key = newApiKey();
      const result = await createRootOrganization(testApp.app, {
        organizationName: name,
        userName: "root",
        apiPublicKey: key.publicKey,
      });
      return { organizationId: result.organizationId, userId: result.userId, key };
    },
    async newMember(organizationId, by, userName = "member") {
      const key = newApiKey();
      const created = await testApp.call<{
        activity: { result: { createUsersResult: { userIds: string[] } } };
      }>(
        "submit",
        "create_users",
        testApp.activity("ACTIVITY_TYPE_CREATE_USERS_V4", organizationId, {
          users: [
            {
              userName,
              apiKeys: [{ apiKeyName: userName, publicKey: key.publicKey, curveType: "API_KEY_CURVE_P256" }],
              authenticators: [],
              oauthProviders: [],
              userTags: [],
            },
          ],
        }),
        by,
      );
      const userId = created.body.activity?.result?.createUsersResult?.userIds[0];
      if (created.status !== 200 || !userId) {
        throw new Error(`newMember: create_users answered ${created.status} ${JSON.stringify(created.body)}`);
      }
      return { userId, key };
    },
    async newWallet(organizationId, by, accounts) {
      counter += 1;
      const created = await testApp.call<{
        activity: { result: { createWalletResult: { walletId: string; addresses: string[] } } };
      }>(
        "submit",
        "create_wallet",
        testApp.activity("ACTIVITY_TYPE_CREATE_WALLET", organizationId, {
          walletName: `wallet-${counter}`,
          accounts,
        }),
        by,
      );
      const wallet = created.body.activity?.result?.createWalletResult;
      if (created.status !== 200 || !wallet) {
        throw new Error(
          `newWallet: create_wallet answered ${created.status} ${JSON.stringify(created.body)}`,
        );
      }
      return wallet;
    },
    async restart() {
      if (!databaseUrl && !options.persistent) throw new Error("restart() on PGlite needs persistent: true");
      await testApp.app.close();
      app = await open();
      testApp.app = app;
    },
    async close() {
      await testApp.app.close();
      if (databaseUrl && pgSchema && !peer) {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS "${pgSchema}" CASCADE`);
        await client.end();
      }
    },
  };
  return testApp;
}
