import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export interface BenchServer {
  baseUrl: string;
  /** Bearer token for /metrics (round trips per path, event-loop delay). */
  metricsToken: string;
  organizationId: string;
  /** The serving process (one process: `latchkey start` without workers), for its CPU time. */
  pid: number | undefined;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/**
 * The built server as users run it: `latchkey org create` for the benchmark's organization, then
 * `latchkey start` (`npm start`) on a free port, with a throwaway data directory (PGlite) or the
 * given database, and LATCHKEY_WORKERS set to `workers` (default 1; with more, its /metrics are one
 * worker's, whichever answers the scrape).
 */
export async function launchBenchServer(
  root: string,
  apiPublicKey: string,
  databaseUrl: string | undefined,
  workers?: number,
): Promise<BenchServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "latchkey-bench-"));
  const metricsToken = randomBytes(16).toString("hex");
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    LATCHKEY_DATA_DIR: dataDir,
    LATCHKEY_MASTER_KEY: randomBytes(32).toString("hex"),
    DATABASE_URL: databaseUrl ?? "",
    LOG_LEVEL: "warn",
    LATCHKEY_METRICS_TOKEN: metricsToken,
    NODE_ENV: "production",
    // One key from one address floods the server on purpose: the limiter still counts every
    // request (its round trip is part of the figures) but never refuses one, whatever the
    // machine's speed — per key and per address alike (a fast machine passed the address's 3,000
    // activities per 10 s, and its cheap 429s inflated the figures).
    LATCHKEY_RATE_LIMIT_ACTIVITIES_PER_KEY: "1000000000",
    LATCHKEY_RATE_LIMIT_QUERIES_PER_KEY: "1000000000",
    LATCHKEY_RATE_LIMIT_ACTIVITIES_PER_IP: "1000000000",
    LATCHKEY_RATE_LIMIT_QUERIES_PER_IP: "1000000000",
    LATCHKEY_WORKERS: String(workers ?? 1),
    // The bench built what it measures before it started (run.ts): never a second build mid-run.
    LATCHKEY_BUILD_ON_START: "false",
  };
  const cli = path.join(root, "server/cli/bin.mjs");
  const created = spawnSync(
    process.execPath,
    [cli, "org", "create", "--name", "Bench", "--user", "bench", "--api-public-key", apiPublicKey],
    { cwd: root, env, encoding: "utf8" },
  );
  if (created.status !== 0) throw new Error(`bench: org create failed: ${created.stderr}`);
  const { organizationId } = JSON.parse(created.stdout) as { organizationId: string };

  // Started as `node …` directly (not npm or npx), so that SIGTERM reaches the server itself.
  const child = spawn(process.execPath, [cli, "start"], {
    cwd: root,
    env,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await exited;
    }
    // The local devnets write their last state here as they go down, just after the server.
    fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  };

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`bench: the server exited with code ${child.exitCode}:\n${stderr}`);
    }
    const healthy = await fetch(`${baseUrl}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`bench: the server did not become healthy within a minute:\n${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { baseUrl, metricsToken, organizationId, stop, pid: child.pid };
}
