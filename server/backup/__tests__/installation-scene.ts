import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { expect } from "vitest";
import type { TActivity } from "@/lib/api/activity";
import { handleBackupRequest } from "../../api/backup-endpoint";
import type { AppContext } from "../../context";
import { startTestApp, type TestApp, type TestKey } from "../../testing/harness";

/**
 * A whole installation, as an operator has one: PGlite in a data directory of its own, or (when
 * the tests run on PostgreSQL) a database of its own on the DATABASE_URL server — never a schema,
 * because `latchkey backup`/`restore` read the environment like the server does.
 */
export interface Installation {
  env: Record<string, string>;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Start the application on it, as `latchkey start` would (holding PGlite's lock). */
  start(): Promise<TestApp>;
  drop(): Promise<void>;
}

export async function newInstallation(masterKey: string): Promise<Installation> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "latchkey-backup-"));
  const server = process.env.DATABASE_URL || undefined;
  let databaseUrl: string | undefined;
  const name = `lk_backup_${randomBytes(5).toString("hex")}`;
  if (server) {
    await admin(server, `CREATE DATABASE ${name}`);
    const url = new URL(server);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  const env: Record<string, string> = { LATCHKEY_DATA_DIR: dataDir, LATCHKEY_MASTER_KEY: masterKey };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  return {
    env,
    dataDir,
    databaseUrl,
    start: () =>
      startTestApp({ installation: { dataDir, databaseUrl }, env: { LATCHKEY_MASTER_KEY: masterKey } }),
    async drop() {
      if (server) await admin(server, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function admin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The backup endpoint over real HTTP, as the route serves it (Next.js aside). */
export async function serveBackupEndpoint(app: AppContext): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer(async (req, res) => {
    const request = new Request(`http://localhost${req.url}`, {
      method: req.method,
      headers: req.headers as Record<string, string>,
    });
    const response = await handleBackupRequest(app, request);
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export type Org = { organizationId: string; userId: string; key: TestKey };
type ActivityBody = { activity: TActivity };

/** Submit an activity on `t` as `org` and return its result member, insisting it completed. */
export async function completed<R>(
  t: TestApp,
  org: Org,
  path: string,
  type: string,
  parameters: unknown,
  resultKey: string,
): Promise<R> {
  const res = await t.call<ActivityBody>(
    "submit",
    path,
    t.activity(type, org.organizationId, parameters),
    org.key,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
  return (res.body.activity.result as Record<string, unknown>)[resultKey] as R;
}

export { ETHEREUM_ACCOUNT as ETH_ACCOUNT, SOLANA_ACCOUNT as SOL_ACCOUNT } from "../../testing/accounts";

/** Sign `payload` (hex) with `signWith`; secp256k1 (RFC 6979) and ed25519 signatures are deterministic. */
export function sign(t: TestApp, org: Org, signWith: string, payload: string, ed25519: boolean) {
  return completed<{ r: string; s: string; v: string }>(
    t,
    org,
    "sign_raw_payload",
    "ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2",
    {
      signWith,
      payload,
      encoding: "PAYLOAD_ENCODING_HEXADECIMAL",
      hashFunction: ed25519 ? "HASH_FUNCTION_NOT_APPLICABLE" : "HASH_FUNCTION_NO_OP",
    },
    "signRawPayloadResult",
  );
}
