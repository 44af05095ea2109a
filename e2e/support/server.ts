import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { generateP256KeyPair } from "@turnkey/crypto";

export interface RunningServer {
  baseUrl: string;
  env: NodeJS.ProcessEnv;
  root: { organizationId: string; userId: string; apiKeyId: string; publicKey: string; privateKey: string };
  stop(): Promise<void>;
}

const ROOT = path.resolve(import.meta.dirname, "../..");

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
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become healthy:\n${logs.join("")}`);
}

/**
 * Start the built application with `next start` on a free port, as a user would, after creating a
 * root organization with the `latchkey org create` command. Requires `next build` to have run.
 */
export async function startServer(): Promise<RunningServer> {
  if (!fs.existsSync(path.join(ROOT, ".next", "BUILD_ID")))
    throw new Error("run `next build` before the API tests");
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "latchkey-e2e-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    LATCHKEY_DATA_DIR: dataDir,
    LATCHKEY_MASTER_KEY: randomBytes(32).toString("hex"),
    LOG_LEVEL: "warn",
    NODE_ENV: "production",
  };
  const pair = generateP256KeyPair();
  const created = spawnSync(
    process.execPath,
    [
      path.join(ROOT, "server/cli/bin.mjs"),
      "org",
      "create",
      "--name",
      "Black box",
      "--user",
      "root",
      "--api-public-key",
      pair.publicKey,
    ],
    { cwd: ROOT, env, encoding: "utf8" },
  );
  if (created.status !== 0) throw new Error(`latchkey org create failed: ${created.stderr}`);
  const ids = JSON.parse(created.stdout) as { organizationId: string; userId: string; apiKeyId: string };

  const logs: string[] = [];
  const child = spawn(
    path.join(ROOT, "node_modules/.bin/next"),
    ["start", "-p", String(port), "-H", "127.0.0.1"],
    {
      cwd: ROOT,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  child.stdout?.on("data", (d) => logs.push(String(d)));
  child.stderr?.on("data", (d) => logs.push(String(d)));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, child, logs);
  return {
    baseUrl,
    env,
    root: { ...ids, publicKey: pair.publicKey, privateKey: pair.privateKey },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
