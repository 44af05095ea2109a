import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { loadConfig } from "../config";

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

/** `latchkey start`: build if needed, then serve the API and dashboard on PORT (default 3000). */
export async function start(): Promise<number> {
  const root = process.env.LATCHKEY_PACKAGE_ROOT ?? process.cwd();
  const config = loadConfig();
  buildIfNeeded(root);
  const child = spawn(path.join(root, "node_modules/.bin/next"), ["start", "-p", String(config.port)], {
    cwd: root,
    stdio: "inherit",
  });
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
  return new Promise((resolve) => child.on("exit", (code) => resolve(code ?? 1)));
}
