import path from "node:path";
import type { ChainInfo } from "@/lib/api/chains";
import type { Logger } from "../../observability/logger";
import { prepareEvmDevnet } from "../evm/prepare-devnet";
import { startAnvil } from "./anvil";
import type { LocalDevnet } from "./local-devnet";
import { startSvmDevnet } from "./svm/svm-devnet";

/** Where a running local devnet answers now, once it does. */
export interface DevnetAddress {
  url: string;
  /** Its node's process id when it is a child process (Anvil). */
  pid?: number;
}

/**
 * Who runs the local devnets of an installation: this process (`localDevnetHost`), or — under
 * `latchkey start` with several workers — the primary process, reached over the cluster's IPC
 * channel (`devnets/from-primary.ts`). Either way a chain is only a URL to the code that uses it.
 */
export interface DevnetHost {
  /** Starts the chain's devnet on first use; resolves once it answers, with its URL now. */
  open(info: ChainInfo): Promise<DevnetAddress>;
  /** Whether its devnet has been started (as far as this process knows). */
  running(caip2: string): boolean;
  /** The node's process id if it is running, without starting it. */
  pid(caip2: string): Promise<number | undefined>;
  /** Stops the devnets this host started (their state written first). */
  close(): Promise<void>;
}

export class DevnetsClosed extends Error {}

/** Local devnets started by this process, each keeping its state under `<dataDir>/chains/<caip2>/`. */
export function localDevnetHost(options: { dataDir: string; logger: Logger }): DevnetHost {
  const devnets = new Map<string, Promise<LocalDevnet>>();
  let closed = false;

  const devnetFor = (info: ChainInfo): Promise<LocalDevnet> => {
    if (closed) throw new DevnetsClosed(`${info.caip2}: the server is shutting down`);
    let devnet = devnets.get(info.caip2);
    if (!devnet) {
      const stateDir = path.join(options.dataDir, "chains", info.caip2.replace(":", "-"));
      devnet =
        info.family === "evm"
          ? startAnvil({
              chainId: info.chainId!,
              stateDir,
              logger: options.logger,
              prepare: (client) => prepareEvmDevnet(client, info.caip2, info.chainId!),
            })
          : startSvmDevnet({
              caip2: info.caip2,
              genesisHash: info.genesisHash!,
              stateDir,
              logger: options.logger,
            });
      devnet.catch(() => devnets.delete(info.caip2));
      devnets.set(info.caip2, devnet);
    }
    return devnet;
  };

  return {
    async open(info) {
      const devnet = await devnetFor(info);
      await devnet.ready();
      return { url: devnet.url(), pid: devnet.pid?.() };
    },
    running: (caip2) => devnets.has(caip2),
    async pid(caip2) {
      const devnet = devnets.get(caip2);
      return devnet ? (await devnet).pid?.() : undefined;
    },
    async close() {
      closed = true;
      const running = [...devnets.values()];
      devnets.clear();
      await Promise.allSettled(running.map(async (d) => (await d).stop()));
    },
  };
}
