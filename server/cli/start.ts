import { spawnSync } from "node:child_process";
import cluster from "node:cluster";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { CLIENT_ADDRESS_HEADER, normalizeAddress, trustClientAddressHeader } from "../client-address-header";
import { type Config, ConfigError, loadConfig } from "../config";
import { directRoutes } from "../direct-routes-slot";
import { runPrimary } from "./primary";
import { WORKERS_ENV, workerCount } from "./worker-count";

const SOURCE_DIRS = ["app", "components", "lib", "server", "public"];

function newestSourceMtime(root: string): number {
  let newest = 0;
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else newest = Math.max(newest, fs.statSync(full).mtimeMs);
    }
  };
  for (const dir of SOURCE_DIRS) walk(path.join(root, dir));
  for (const file of ["next.config.mjs", "package.json", "postcss.config.mjs"]) {
    const full = path.join(root, file);
    if (fs.existsSync(full)) newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** LATCHKEY_BUILD_ON_START=false: serve the build there is; without one, say how to make it. */
function requireBuild(root: string): void {
  if (fs.existsSync(path.join(root, ".next", "BUILD_ID"))) return;
  throw new ConfigError(
    "there is no build in .next and LATCHKEY_BUILD_ON_START=false: run `npm run build` first, or unset it",
  );
}

/** Build when there is no build or the sources are newer than it. */
export function buildIfNeeded(root: string): void {
  const buildId = path.join(root, ".next", "BUILD_ID");
  if (fs.existsSync(buildId) && fs.statSync(buildId).mtimeMs >= newestSourceMtime(root)) return;
  process.stderr.write("latchkey: building the application (next build)…\n");
  const result = spawnSync(path.join(root, "node_modules/.bin/next"), ["build"], {
    cwd: root,
    stdio: "inherit",
  });
  if (result.status !== 0) throw new Error(`next build failed with exit code ${result.status}`);
}

/**
 * Every request: the client's own copy of CLIENT_ADDRESS_HEADER (in any spelling) is deleted, then
 * the header is set to the socket's address — the only one a client cannot choose.
 */
export function stampClientAddress(req: http.IncomingMessage): void {
  delete req.headers[CLIENT_ADDRESS_HEADER];
  const raw = req.rawHeaders;
  for (let i = raw.length - 2; i >= 0; i -= 2) {
    if (raw[i]!.toLowerCase() === CLIENT_ADDRESS_HEADER) raw.splice(i, 2);
  }
  const address = normalizeAddress(req.socket.remoteAddress);
  if (!address) return;
  req.headers[CLIENT_ADDRESS_HEADER] = address;
  raw.push(CLIENT_ADDRESS_HEADER, address);
}

/**
 * `latchkey start`: build if needed, then serve the API and dashboard on PORT (default 3000) — on
 * PostgreSQL from LATCHKEY_WORKERS processes (default: one per core, see primary.ts), on PGlite from
 * this one process (PGlite locks its data directory to a single process).
 */
export async function start(): Promise<number> {
  const root = process.env.LATCHKEY_PACKAGE_ROOT ?? process.cwd();
  const config = loadConfig();
  if (cluster.isWorker) return serve(root, config);
  const workers = workerCount(process.env[WORKERS_ENV], os.availableParallelism());
  if (config.buildOnStart) buildIfNeeded(root);
  else requireBuild(root);
  if (config.databaseUrl && workers > 1) return runPrimary(config, workers);
  if (!config.databaseUrl && workers > 1 && process.env[WORKERS_ENV]) {
    process.stderr.write(
      `latchkey: ${WORKERS_ENV}=${workers} ignored: PGlite (no DATABASE_URL) opens its data directory ` +
        "in one process only, so this one process serves; set DATABASE_URL to run several workers\n",
    );
  }
  return serve(root, config);
}

/**
 * One serving process (alone, or a worker of primary.ts). Next's request handler runs in it behind
 * a Node `http` server of our own, so each request carries the socket's address (route handlers see
 * no socket) and per-IP limits work without a proxy; the API's hot paths skip Next
 * (server/direct-routes-slot.ts). SIGTERM/SIGINT: stop accepting connections, answer the requests in flight, then `process.exit(0)`, which closeOnSignals (server/shutdown.ts)
 * turns into closing the application context first — or exits 1 after its grace period.
 */
async function serve(root: string, config: Config): Promise<number> {
  Object.assign(process.env, { NODE_ENV: "production" });
  const { default: next } = await import("next");
  const app = next({ dev: false, dir: root, port: config.port });
  const handle = app.getRequestHandler();
  trustClientAddressHeader();
  const server = http.createServer((req, res) => {
    stampClientAddress(req);
    // Registered by instrumentation.ts when Next loads it, which may finish after prepare() does.
    if (directRoutes()?.(req, res)) return;
    handle(req, res).catch((error: unknown) => {
      process.stderr.write(`latchkey: request failed: ${String(error)}\n`);
      if (!res.headersSent) res.statusCode = 500;
      res.end();
    });
  });
  let stopping = false;
  const onSignal = () => {
    if (stopping) return;
    stopping = true;
    server.close(() => process.exit(0));
    // Keep-alive connections left idle by the answers still being written are closed as they go idle.
    server.closeIdleConnections();
    setInterval(() => server.closeIdleConnections(), 50).unref();
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, onSignal);
  await app.prepare();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, () => resolve());
  });
  const who = cluster.isWorker ? ` (worker ${process.pid})` : "";
  process.stderr.write(`latchkey: listening on port ${config.port}${who}\n`);
  // Until a signal closes the server: the exit itself is process.exit's, called above.
  return new Promise(() => undefined);
}
