import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { generateP256KeyPair } from "@turnkey/crypto";
import pg from "pg";
import { seedPgliteDataDir } from "../../server/testing/pglite-data-dir-template";

export interface EmptyServer {
  baseUrl: string;
  env: NodeJS.ProcessEnv;
  dataDir: string;
  stop(): Promise<void>;
  /** Stop the server (keeping its data), run `between` (a CLI command, say), start it again. */
  restart(between?: () => void | Promise<void>): Promise<void>;
  /** The server process's id: what its lock file names, and the parent of the devnets it starts. */
  pid(): number;
  /** Send the server process a signal and wait for it to exit: SIGKILL is a crash, SIGTERM a clean stop. */
  kill(signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Start the stopped server again on the same data directory and database: ms until /healthz said 200. */
  start(): Promise<number>;
  /** What the server process (and, under `latchkey start`, its workers) wrote to stdout and stderr. */
  logs(): string;
}

export interface ServerOptions {
  /** Leave LATCHKEY_MASTER_KEY unset: the server makes and uses its embedded key file. */
  embeddedMasterKey?: boolean;
  /** More environment for the server (e.g. LATCHKEY_RPC_URLS), over the defaults below. */
  env?: Record<string, string>;
  /**
   * `latchkey start` only: LATCHKEY_WORKERS, the serving processes on PostgreSQL (PGlite serves
   * from one process whatever this says). Unset: 1, so that tests do not fork one per core.
   */
  workers?: number;
  /**
   * What serves: `latchkey start` (the default: `npm start`, as users run it) — Next's handler behind
   * Latchkey's own HTTP server, which gives route handlers the socket's address and answers the API's
   * hot paths itself — or `next start` alone, where Next's route files answer every path.
   */
  command?: "next start" | "latchkey start";
  /**
   * PGlite: start from an empty data directory, as a new installation does (initdb and every
   * migration, 4–5 s). Otherwise the directory starts as a copy of a migrated one
   * (server/testing/pglite-data-dir-template.ts): the same database, made once per run.
   */
  unmigrated?: boolean;
}

export interface RunningServer extends EmptyServer {
  root: { organizationId: string; userId: string; apiKeyId: string; publicKey: string; privateKey: string };
}

const ROOT = path.resolve(import.meta.dirname, "../..");

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

async function waitForHealth(baseUrl: string, child: ChildProcess, logs: string[]): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${logs.join("")}`);
    try {
      const res = await fetch(`${baseUrl}/healthz`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`server did not become healthy:\n${logs.join("")}`);
}

/** With DATABASE_URL set, each server gets a database of its own (created here, dropped on stop). */
async function ownDatabase(): Promise<{ url?: string; drop(): Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) return { drop: async () => undefined };
  const name = `latchkey_e2e_${randomBytes(5).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

interface Prepared {
  command?: ServerOptions["command"];
  port: number;
  dataDir: string;
  env: NodeJS.ProcessEnv;
  dropDatabase(): Promise<void>;
}

async function prepare(options: ServerOptions = {}): Promise<Prepared> {
  if (!fs.existsSync(path.join(ROOT, ".next", "BUILD_ID")))
    throw new Error("run `next build` before these tests");
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "latchkey-e2e-"));
  const database = await ownDatabase();
  if (!database.url && !options.unmigrated) await seedPgliteDataDir(dataDir);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    LATCHKEY_DATA_DIR: dataDir,
    LATCHKEY_MASTER_KEY: randomBytes(32).toString("hex"),
    // Passkeys are bound to the RP id "localhost": browsers and clients use this origin, never 127.0.0.1.
    LATCHKEY_RP_ID: "localhost",
    LATCHKEY_ORIGINS: `http://localhost:${port}`,
    LOG_LEVEL: "warn",
    NODE_ENV: "production",
    // Serve the build these tests were given: a source touched since must not rebuild it under them.
    LATCHKEY_BUILD_ON_START: "false",
  };
  if (database.url) env.DATABASE_URL = database.url;
  env.LATCHKEY_WORKERS = String(options.workers ?? 1);
  Object.assign(env, options.env);
  if (options.embeddedMasterKey) delete env.LATCHKEY_MASTER_KEY;
  return { command: options.command, port, dataDir, env, dropDatabase: database.drop };
}

/** `next start` or `latchkey start` as a user runs it; clients reach it as http://localhost:<port>. */
async function launch({ command, port, dataDir, env, dropDatabase }: Prepared): Promise<EmptyServer> {
  const logs: string[] = [];
  let child: ChildProcess;
  const spawnServer = async () => {
    // Started from node_modules/.bin, not npx: killing npx would orphan the server. `latchkey start`
    // is one process (Next's handler in it), listening on every interface as `next start` does alone.
    child =
      command !== "next start"
        ? spawn(process.execPath, [path.join(ROOT, "server/cli/bin.mjs"), "start"], {
            cwd: ROOT,
            env,
            stdio: ["ignore", "pipe", "pipe"],
          })
        : spawn(path.join(ROOT, "node_modules/.bin/next"), ["start", "-p", String(port), "-H", "127.0.0.1"], {
            cwd: ROOT,
            env,
            stdio: ["ignore", "pipe", "pipe"],
          });
    child.stdout?.on("data", (d) => logs.push(String(d)));
    child.stderr?.on("data", (d) => logs.push(String(d)));
    await waitForHealth(`http://127.0.0.1:${port}`, child, logs);
  };
  const kill = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill(signal);
      await exited;
    }
    return { code: child.exitCode, signal: child.signalCode };
  };
  const halt = () => kill("SIGTERM");
  const stop = async () => {
    await halt();
    // A clean stop waits for the server's local devnets; after a kill -9 their keeper stops them once
    // the server is gone, and they write their last state into the data directory: removal retries.
    fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    await dropDatabase();
  };
  try {
    await spawnServer();
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    baseUrl: `http://localhost:${port}`,
    env,
    dataDir,
    stop,
    async restart(between) {
      await halt();
      await between?.();
      await spawnServer();
    },
    pid: () => child.pid!,
    kill,
    logs: () => logs.join(""),
    async start() {
      const started = performance.now();
      await spawnServer();
      return Math.round(performance.now() - started);
    },
  };
}

/** Run the `latchkey` command against the same data directory and database as the server. */
export function runCli(server: EmptyServer, args: string[]) {
  return spawnSync(process.execPath, [path.join(ROOT, "server/cli/bin.mjs"), ...args], {
    cwd: ROOT,
    env: server.env,
    encoding: "utf8",
  });
}

/**
 * The installation's root organization, made with `latchkey org create` (asynchronously, so servers
 * being launched meanwhile are not held up). A failure drops the database.
 */
async function createRoot(prepared: Prepared): Promise<RunningServer["root"]> {
  const pair = generateP256KeyPair();
  const args = ["org", "create", "--name", "Black box", "--user", "root", "--api-public-key", pair.publicKey];
  const created = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, "server/cli/bin.mjs"), ...args], {
      cwd: ROOT,
      env: prepared.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += String(d)));
    child.stderr.on("data", (d) => (stderr += String(d)));
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
  if (created.code !== 0) {
    await prepared.dropDatabase();
    throw new Error(`latchkey org create failed: ${created.stderr}`);
  }
  const ids = JSON.parse(created.stdout) as { organizationId: string; userId: string; apiKeyId: string };
  return { ...ids, publicKey: pair.publicKey, privateKey: pair.privateKey };
}

/**
 * A server whose installation already has a root organization, made with `latchkey org create`: on
 * PGlite before the server starts (one process per data directory), on PostgreSQL while it starts.
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const prepared = await prepare(options);
  if (prepared.env.DATABASE_URL) return (await launchWithRoot(prepared, []))[0];
  const root = await createRoot(prepared);
  return { ...(await launch(prepared)), root };
}

/**
 * `count` server processes on one PostgreSQL database, as instances behind a load balancer run: the
 * same master key and environment, each its own port and data directory. The first server owns the
 * database (its stop drops it): stop the others first.
 */
export async function startInstances(
  count: number,
  options: ServerOptions = {},
): Promise<[RunningServer, ...EmptyServer[]]> {
  const first = await prepare(options);
  if (!first.env.DATABASE_URL) {
    await first.dropDatabase();
    throw new Error("several instances need PostgreSQL: PGlite opens in one process");
  }
  const peers: Prepared[] = [];
  for (let i = 1; i < count; i++) {
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "latchkey-e2e-peer-"));
    const env = { ...first.env, PORT: String(port), LATCHKEY_DATA_DIR: dataDir };
    peers.push({ ...first, port, dataDir, env, dropDatabase: async () => undefined });
  }
  return launchWithRoot(first, peers);
}

/**
 * PostgreSQL: the servers start at once, while `latchkey org create` makes the root organization
 * (the migrations take an advisory lock, so the first of them to get it migrates and the others
 * find it done).
 */
async function launchWithRoot(
  first: Prepared,
  peers: Prepared[],
): Promise<[RunningServer, ...EmptyServer[]]> {
  const [root, ...launched] = await Promise.allSettled([
    createRoot(first),
    ...[first, ...peers].map(launch),
  ] as const);
  const servers = launched.flatMap((x) => (x.status === "fulfilled" ? [x.value as EmptyServer] : []));
  const failed = [root, ...launched].find((x) => x.status === "rejected");
  if (failed) {
    // A server that did not start has already cleaned up after itself (launch stops it).
    for (const server of servers.reverse()) await server.stop();
    throw failed.reason;
  }
  const [server, ...others] = servers as [EmptyServer, ...EmptyServer[]];
  return [{ ...server, root: (root as PromiseFulfilledResult<RunningServer["root"]>).value }, ...others];
}

/** A fresh installation with no organization, as the first-run page expects it. */
export async function startEmptyServer(options: ServerOptions = {}): Promise<EmptyServer> {
  return launch(await prepare(options));
}
