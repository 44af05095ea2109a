import { CHAINS, type ChainInfo, chainInfo } from "@/lib/api/chains";
import type { Logger } from "../observability/logger";
import { type DevnetHost, DevnetsClosed, localDevnetHost } from "./devnets/host";
import { type JsonRpcClient, jsonRpcClient } from "./json-rpc";

/** A chain Latchkey cannot reach: named, with the reason, so the caller can say it plainly. */
export class ChainUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ChainUnavailable";
  }
}

/** By name, not instanceof: see isRpcError. */
export const isChainUnavailable = (error: unknown): error is ChainUnavailable =>
  error instanceof Error && error.name === "ChainUnavailable";

export interface ChainStatus {
  caip2: string;
  name: string;
  /** A devnet started by this process (true) or a node at a configured RPC URL (false). */
  local: boolean;
  /** For local devnets: whether it has been started (they start on first use). */
  running: boolean;
}

/**
 * Every chain's JSON-RPC endpoint: the configured node's URL, or a local devnet this process starts
 * on first use, keeps running, and stops on close. Nothing else about a local chain is special: the
 * adapters speak the same JSON-RPC to both.
 */
export interface Chains {
  info(caip2: string): ChainInfo | undefined;
  isLocal(caip2: string): boolean;
  rpc(caip2: string): Promise<JsonRpcClient>;
  status(): ChainStatus[];
  /** The process id of a running local devnet's node (supervision tests kill it). */
  devnetPid(caip2: string): Promise<number | undefined>;
  close(): Promise<void>;
}

export interface ChainsOptions {
  /** caip2 → RPC URL of the chains that use a real node (LATCHKEY_RPC_URLS). */
  rpcUrls: Record<string, string>;
  /** Local devnets keep their state under `<dataDir>/chains/<caip2>/`. */
  dataDir: string;
  logger: Logger;
  rpcTimeoutMs?: number;
  /** Who runs the local devnets: by default this process; a `latchkey start` worker asks its primary. */
  devnets?: DevnetHost;
}

export function createChains(options: ChainsOptions): Chains {
  const devnets = options.devnets ?? localDevnetHost({ dataDir: options.dataDir, logger: options.logger });

  return {
    info: chainInfo,
    isLocal: (caip2) => {
      const info = chainInfo(caip2);
      return info !== undefined && options.rpcUrls[info.caip2] === undefined;
    },
    async rpc(caip2) {
      const info = chainInfo(caip2);
      if (!info) throw new ChainUnavailable(`unknown chain ${caip2}`);
      const configured = options.rpcUrls[info.caip2];
      if (configured) return jsonRpcClient(configured, { timeoutMs: options.rpcTimeoutMs });
      const devnet = await devnets.open(info).catch((error: unknown) => {
        if (error instanceof DevnetsClosed) throw new ChainUnavailable(error.message);
        throw new ChainUnavailable(`the local devnet of ${info.caip2} could not start: ${String(error)}`);
      });
      return jsonRpcClient(devnet.url, { timeoutMs: options.rpcTimeoutMs });
    },
    status: () =>
      CHAINS.map((c) => ({
        caip2: c.caip2,
        name: c.name,
        local: options.rpcUrls[c.caip2] === undefined,
        running: devnets.running(c.caip2),
      })),
    devnetPid: (caip2) => devnets.pid(chainInfo(caip2)?.caip2 ?? caip2),
    close: () => devnets.close(),
  };
}
