import cluster, { type Worker } from "node:cluster";
import { CHAINS } from "@/lib/api/chains";
import { answerDevnetAsks, DEVNETS_FROM_PRIMARY } from "../chains/devnets/from-primary";
import { localDevnetHost } from "../chains/devnets/host";
import type { Config } from "../config";
import { loadMasterKey } from "../crypto/master-key";
import { createLogger } from "../observability/logger";
import { SHUTDOWN_GRACE_MS } from "../shutdown";

/** A worker that dies this soon after it started waits a second before the next one starts. */
const QUICK_DEATH_MS = 5_000;

/**
 * `latchkey start` on PostgreSQL with several workers: this primary process serves no request. It
 * forks the workers (each runs Next's handler behind its own `http` server; node:cluster hands them
 * the connections of the one shared port in turn), runs the installation's local devnets for all of
 * them, starts a new worker when one dies, and on SIGTERM/SIGINT lets every worker drain, then stops
 * the devnets and exits 0 (1 if a worker could not stop cleanly).
 *
 * A worker that dies before any worker has ever listened means the setup is wrong (database
 * unreachable, bad configuration): then the primary stops and exits 1 rather than retry forever.
 */
export async function runPrimary(config: Config, workers: number): Promise<number> {
  const logger = createLogger(config.logLevel);
  // Made once here: workers starting together would race to create the embedded key file.
  loadMasterKey(config.masterKey, config.dataDir, config.previousMasterKeys);
  const devnets = localDevnetHost({ dataDir: config.dataDir, logger });
  const running = () => CHAINS.filter((c) => devnets.running(c.caip2)).map((c) => c.caip2);
  const answer = answerDevnetAsks(devnets, running);
  let stopping = false;
  let listened = 0;

  const stop = async (code: number): Promise<never> => {
    stopping = true;
    const alive = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !w.isDead());
    const exits = alive.map(
      (w) => new Promise<number>((resolve) => w.once("exit", (exitCode) => resolve(exitCode ?? 1))),
    );
    for (const worker of alive) worker.process.kill("SIGTERM");
    // Each worker gives its requests SHUTDOWN_GRACE_MS; past that and a margin, it is killed.
    const killer = setTimeout(() => {
      for (const worker of alive) if (!worker.isDead()) worker.process.kill("SIGKILL");
    }, SHUTDOWN_GRACE_MS + 5_000);
    const codes = await Promise.all(exits);
    clearTimeout(killer);
    await devnets.close();
    const exitCode = codes.every((c) => c === 0) ? code : 1;
    logger.info({ code: exitCode }, "all workers stopped");
    process.exit(exitCode);
  };

  const fork = () => {
    const worker = cluster.fork({ [DEVNETS_FROM_PRIMARY]: "1" });
    const started = Date.now();
    worker.on("message", (message: unknown) => {
      void answer(message, (reply) => {
        if (worker.isConnected()) worker.send(reply);
      });
    });
    worker.once("listening", () => {
      if (++listened === workers) {
        process.stderr.write(`latchkey: listening on port ${config.port} with ${workers} workers\n`);
      }
    });
    worker.once("exit", (code, signal) => {
      if (stopping) return;
      const pid = worker.process.pid;
      if (listened === 0) {
        logger.error({ pid, code, signal }, "a worker could not start; stopping");
        void stop(1);
        return;
      }
      logger.warn({ pid, code, signal }, "a worker stopped unexpectedly; starting another");
      setTimeout(() => stopping || fork(), Date.now() - started < QUICK_DEATH_MS ? 1_000 : 0);
    });
  };

  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => stopping || void stop(0));
  for (let i = 0; i < workers; i++) fork();
  // Until a signal (or a failed start) stops it: the exit itself is process.exit's, in stop().
  return new Promise(() => undefined);
}
