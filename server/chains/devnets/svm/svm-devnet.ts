import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { Logger } from "../../../observability/logger";
import { parseJsonExact, stringifyJsonExact } from "../../json-exact";
import { isRpcError } from "../../json-rpc";
import type { LocalDevnet } from "../local-devnet";
import { SvmLedger } from "./ledger";
import { accountMethods } from "./methods/accounts";
import { blockMethods } from "./methods/blocks";
import { clusterMethods } from "./methods/cluster";
import { faucetMethods } from "./methods/faucet";
import type { Cluster, Methods } from "./methods/method";
import { transactionMethods } from "./methods/transactions";
import { readLedgerFile, writeLedgerFile } from "./persist";
import { METHOD_NOT_FOUND } from "./rpc-errors";

export interface SvmDevnetOptions extends Cluster {
  /** Where the chain's state is kept between runs (`<dir>/state.bin`). */
  stateDir: string;
  logger: Logger;
  /** How often a changed state is written: what a crash can lose at most. */
  saveIntervalMs?: number;
}

const METHODS: Methods = {
  ...clusterMethods,
  ...accountMethods,
  ...transactionMethods,
  ...blockMethods,
  ...faucetMethods,
};
const MAX_BODY_BYTES = 5 * 1024 * 1024;

type Call = { id?: unknown; method?: unknown; params?: unknown };

const failure = (id: unknown, code: number, message: string, data?: unknown) => ({
  jsonrpc: "2.0",
  id: id ?? null,
  error: { code, message, ...(data === undefined ? {} : { data }) },
});

async function answer(ledger: SvmLedger, cluster: Cluster, call: Call, logger: Logger): Promise<unknown> {
  if (!call || typeof call !== "object" || typeof call.method !== "string") {
    return failure(call?.id, -32600, "Invalid request");
  }
  const method = Object.hasOwn(METHODS, call.method) ? METHODS[call.method] : undefined;
  if (!method) return failure(call.id, METHOD_NOT_FOUND, `Method not found: ${call.method}`);
  const params = call.params ?? [];
  if (!Array.isArray(params)) return failure(call.id, -32602, "Invalid params: params must be an array");
  try {
    return { jsonrpc: "2.0", id: call.id ?? null, result: await method(ledger, params, cluster) };
  } catch (error) {
    if (isRpcError(error)) return failure(call.id, error.code, error.message, error.data);
    logger.error(
      { caip2: cluster.caip2, method: call.method, err: error },
      "local Solana devnet failed a call",
    );
    return failure(
      call.id,
      -32603,
      `Internal error: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

function readBody(request: http.IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        resolve(undefined);
        request.destroy();
      } else chunks.push(chunk);
    });
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

/**
 * A local Solana cluster in this process: litesvm behind a JSON-RPC server on a loopback port, so
 * that Latchkey's adapter, @solana/kit and any other client speak to it exactly as to a real node.
 * Its state is written to `<stateDir>/state.bin` at most once a second when it changed, and on stop.
 */
export async function startSvmDevnet(options: SvmDevnetOptions): Promise<LocalDevnet> {
  const { logger } = options;
  const cluster: Cluster = { caip2: options.caip2, genesisHash: options.genesisHash };
  fs.mkdirSync(options.stateDir, { recursive: true });
  const stateFile = path.join(options.stateDir, "state.bin");
  const started = performance.now();
  const ledger = await SvmLedger.open(readLedgerFile(stateFile));
  const save = () => {
    if (!ledger.dirty) return;
    ledger.dirty = false;
    writeLedgerFile(stateFile, ledger.save());
  };
  save();

  const server = http.createServer(async (request, response) => {
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(stringifyJsonExact(body));
    };
    if (request.method !== "POST") return reply(405, failure(null, -32600, "JSON-RPC takes POST"));
    const text = await readBody(request);
    if (text === undefined) return reply(413, failure(null, -32600, "request body too large"));
    let body: unknown;
    try {
      body = parseJsonExact(text);
    } catch {
      return reply(400, failure(null, -32700, "Parse error"));
    }
    if (Array.isArray(body)) {
      if (body.length === 0) return reply(400, failure(null, -32600, "Invalid request: empty batch"));
      const answers = [];
      for (const call of body) answers.push(await answer(ledger, cluster, call as Call, logger));
      return reply(200, answers);
    }
    return reply(200, await answer(ledger, cluster, body as Call, logger));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const timer = setInterval(() => {
    try {
      save();
    } catch (error) {
      logger.error({ caip2: cluster.caip2, err: error }, "local Solana devnet could not save its state");
    }
  }, options.saveIntervalMs ?? 1_000);
  timer.unref();
  logger.info(
    { caip2: cluster.caip2, url, ms: Math.round(performance.now() - started) },
    "local Solana devnet ready",
  );

  let stopped: Promise<void> | undefined;
  return {
    url: () => url,
    ready: () => Promise.resolve(),
    stop() {
      stopped ??= new Promise<void>((resolve) => {
        clearInterval(timer);
        server.close(() => resolve());
        server.closeAllConnections();
      }).then(() => {
        ledger.dirty = true;
        save();
      });
      return stopped;
    },
  };
}
