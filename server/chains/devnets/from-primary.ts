import { chainInfo } from "@/lib/api/chains";
import { type DevnetAddress, type DevnetHost, DevnetsClosed } from "./host";

/**
 * Several `latchkey start` workers share one set of local devnets: the primary process runs them
 * (it outlives every worker, and Anvil's keeper ties each node's life to it) and a worker asks it for
 * a chain's URL over the cluster's IPC channel. The worker then speaks JSON-RPC to that loopback URL
 * as to any node, so every worker sees the same chain state.
 */

/** Set by the primary in its workers' environment: ask me for devnets instead of starting your own. */
export const DEVNETS_FROM_PRIMARY = "LATCHKEY_DEVNETS_FROM_PRIMARY";

const TAG = "latchkey-devnet";

interface Ask {
  tag: typeof TAG;
  id: number;
  op: "open" | "pid";
  caip2: string;
}

interface Reply {
  tag: typeof TAG;
  id: number;
  address?: DevnetAddress;
  pid?: number;
  /** The chains whose devnets the primary runs now, so a worker's /healthz says the same. */
  running: string[];
  error?: { closed: boolean; message: string };
}

const isAsk = (message: unknown): message is Ask => (message as Ask | null)?.tag === TAG;

/** The primary's side: answer a worker's questions from `host`. `send` is that worker's `send`. */
export function answerDevnetAsks(host: DevnetHost, running: () => string[]) {
  return async (message: unknown, send: (reply: Reply) => void): Promise<void> => {
    if (!isAsk(message)) return;
    const reply = { tag: TAG, id: message.id } as const;
    try {
      const info = chainInfo(message.caip2);
      if (!info) throw new Error(`unknown chain ${message.caip2}`);
      if (message.op === "pid") send({ ...reply, pid: await host.pid(info.caip2), running: running() });
      else send({ ...reply, address: await host.open(info), running: running() });
    } catch (error) {
      const closed = error instanceof DevnetsClosed;
      send({ ...reply, running: running(), error: { closed, message: String(error) } });
    }
  };
}

/** A worker's side: a DevnetHost whose devnets live in the primary. Closing it stops nothing. */
export function devnetsFromPrimary(): DevnetHost {
  const send = process.send?.bind(process);
  if (!send) throw new Error(`${DEVNETS_FROM_PRIMARY} is set but this process has no IPC channel`);
  let nextId = 0;
  let running = new Set<string>();
  const pending = new Map<number, { resolve(reply: Reply): void; reject(error: Error): void }>();
  process.on("message", (message: unknown) => {
    const reply = message as Reply | null;
    if (reply?.tag !== TAG || !pending.has(reply.id)) return;
    running = new Set(reply.running);
    pending.get(reply.id)!.resolve(reply);
    pending.delete(reply.id);
  });
  process.on("disconnect", () => {
    for (const { reject } of pending.values()) reject(new DevnetsClosed("the primary process is gone"));
    pending.clear();
  });
  const ask = (op: Ask["op"], caip2: string) =>
    new Promise<Reply>((resolve, reject) => {
      const id = ++nextId;
      pending.set(id, { resolve, reject });
      send({ tag: TAG, id, op, caip2 } satisfies Ask, undefined, {}, (error) => {
        if (!error) return;
        pending.delete(id);
        reject(new DevnetsClosed(`the primary process cannot be asked: ${error.message}`));
      });
    }).then((reply) => {
      if (!reply.error) return reply;
      throw reply.error.closed ? new DevnetsClosed(reply.error.message) : new Error(reply.error.message);
    });
  return {
    open: async (info) => (await ask("open", info.caip2)).address!,
    running: (caip2) => running.has(caip2),
    pid: async (caip2) => (await ask("pid", caip2)).pid,
    close: async () => undefined,
  };
}
