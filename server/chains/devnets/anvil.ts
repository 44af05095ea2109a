import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { Logger } from "../../observability/logger";
import { type JsonRpcClient, jsonRpcClient } from "../json-rpc";
import { freeLoopbackPort } from "./free-port";

/** A local EVM chain: Anvil in a child process on a loopback port, kept running by the app. */
export interface AnvilDevnet {
  readonly chainId: number;
  /** The node's JSON-RPC URL now (it changes if the node had to be restarted on another port). */
  url(): string;
  /** Resolves once the node answers (again, after a restart). */
  ready(): Promise<void>;
  /** The node's process id now (supervision tests kill it). */
  pid(): number | undefined;
  stop(): Promise<void>;
}

export interface AnvilOptions {
  chainId: number;
  /** Where the chain's state is kept between runs (`<dir>/state.json`). */
  stateDir: string;
  logger: Logger;
  /** Seconds between state dumps: what a crash can lose at most. */
  stateIntervalSeconds?: number;
  /**
   * Runs after every start (a restart included) before the node counts as ready: puts in place
   * what the chain must hold (the seeded tokens) when its state lacks it.
   */
  prepare?(client: JsonRpcClient): Promise<void>;
}

/**
 * The Anvil binary shipped inside the npm package for this platform: nothing is downloaded. It is
 * resolved from the package root (LATCHKEY_PACKAGE_ROOT, set by the CLI; else the working directory) through
 * node:module fetched at run time, because a bundler rewrites a `require.resolve` it can see.
 */
export function anvilBinary(): string {
  const pkg = `@foundry-rs/anvil-${process.platform}-${process.arch === "x64" ? "amd64" : process.arch}`;
  const { createRequire } = process.getBuiltinModule("node:module");
  const root = process.env.LATCHKEY_PACKAGE_ROOT ?? process.cwd();
  const require = createRequire(path.join(root, "package.json"));
  return path.join(path.dirname(require.resolve(`${pkg}/package.json`)), "bin", "anvil");
}

const READY_TIMEOUT_MS = 30_000;

/**
 * Anvil runs under a small shell keeper that holds a pipe from this process: when the pipe closes —
 * a clean stop, or this process dying in any way, kill -9 included — the keeper sends Anvil SIGTERM,
 * so it dumps its state and never outlives the server. The keeper exits when Anvil does. (The pipe is
 * kept as fd 3: a background job's own stdin is /dev/null in a non-interactive shell.)
 */
const KEEPER = `exec 3<&0
"$0" "$@" </dev/null 3<&- & node=$!
echo "anvil-pid $node"
{ cat <&3 >/dev/null; kill -TERM $node 2>/dev/null; } &
wait $node`;

async function waitUntilAnswering(url: string, child: ChildProcess, output: string[]): Promise<void> {
  const client = jsonRpcClient(url, { timeoutMs: 1_000 });
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`anvil exited with ${child.exitCode}: ${output.join("").slice(-500)}`);
    try {
      await client.call("eth_chainId");
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`anvil did not answer within ${READY_TIMEOUT_MS} ms: ${output.join("").slice(-500)}`);
}

/**
 * Start Anvil for one chain id and supervise it: its state is loaded from and dumped to the state
 * file (every few seconds and on a clean stop), and if it dies it is started again from that file.
 */
export async function startAnvil(options: AnvilOptions): Promise<AnvilDevnet> {
  const { chainId, logger } = options;
  fs.mkdirSync(options.stateDir, { recursive: true });
  const stateFile = path.join(options.stateDir, "state.json");
  let child: ChildProcess | undefined;
  let nodePid: number | undefined;
  let url = "";
  let stopping = false;
  let starting: Promise<void>;

  const launch = async (): Promise<void> => {
    const port = await freeLoopbackPort();
    url = `http://127.0.0.1:${port}`;
    const output: string[] = [];
    const args = [
      ...["--chain-id", String(chainId), "--host", "127.0.0.1", "--port", String(port)],
      ...["--state", stateFile, "--state-interval", String(options.stateIntervalSeconds ?? 2)],
      "--silent",
    ];
    const started = spawn("sh", ["-c", KEEPER, anvilBinary(), ...args], { stdio: ["pipe", "pipe", "pipe"] });
    child = started;
    nodePid = undefined;
    started.stdout?.on("data", (d: Buffer) => {
      const text = d.toString();
      const announced = /^anvil-pid (\d+)$/m.exec(text);
      if (announced) nodePid = Number(announced[1]);
      output.push(text);
    });
    started.stderr?.on("data", (d: Buffer) => output.push(d.toString()));
    started.on("exit", (code, signal) => {
      started.stdin?.end(); // lets the keeper's watcher finish
      if (stopping || child !== started) return;
      logger.warn(
        { chainId, code, signal },
        "local EVM devnet stopped unexpectedly; restarting it from its state file",
      );
      starting = launch().catch((error: unknown) => {
        logger.error({ chainId, err: error }, "local EVM devnet could not be restarted");
        throw error;
      });
    });
    await waitUntilAnswering(url, started, output);
    await options.prepare?.(jsonRpcClient(url));
    logger.info({ chainId, url }, "local EVM devnet ready");
  };

  starting = launch();
  try {
    await starting;
  } catch (error) {
    // Nobody will hold a handle to stop it: let the keeper take the node down now.
    stopping = true;
    child?.stdin?.end();
    throw error;
  }
  return {
    chainId,
    url: () => url,
    ready: () => starting,
    pid: () => nodePid,
    async stop() {
      stopping = true;
      const running = child;
      if (!running || running.exitCode !== null) return;
      // Closing the keeper's stdin makes it SIGTERM Anvil, which writes its state file and exits.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          if (nodePid) process.kill(nodePid, "SIGKILL");
          running.kill("SIGKILL");
        }, 10_000);
        running.once("exit", () => {
          clearTimeout(timer);
          resolve();
        });
        running.stdin?.end();
      });
    },
  };
}
