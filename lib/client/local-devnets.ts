import { z } from "zod";

/**
 * The dashboard's two unauthenticated development reads: which chains are local devnets (GET
 * /healthz says so for every chain) and the devnets' faucet (POST /rpc/<caip2> latchkey_faucet).
 * Neither is part of the compatible API, so they are plain fetches, parsed like every answer.
 */
const ZHealthChains = z.object({
  chains: z.array(z.object({ caip2: z.string(), local: z.boolean(), running: z.boolean() })),
});

export type ChainState = z.infer<typeof ZHealthChains>["chains"][number];

/** Every chain: whether it is a local devnet (false: a configured RPC node) and whether it runs now. */
export async function fetchChainStates(): Promise<ChainState[]> {
  const response = await fetch("/healthz");
  const parsed = ZHealthChains.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success)
    throw new Error(`the server's health check did not list its chains (HTTP ${response.status})`);
  return parsed.data.chains;
}

/** caip2 → whether this server runs the chain as a local devnet (false: a configured RPC node). */
export async function fetchLocalChains(): Promise<Record<string, boolean>> {
  return Object.fromEntries((await fetchChainStates()).map((c) => [c.caip2, c.local]));
}

const ZFaucetAnswer = z.union([
  z.object({ result: z.object({ balance: z.string().regex(/^\d+$/) }) }),
  z.object({ error: z.object({ message: z.string() }) }),
]);

/** Mint `units` of the chain's native coin to `address` on a local devnet; the new balance in base units. */
export async function requestFaucet(caip2: string, address: string, units: bigint): Promise<bigint> {
  const response = await fetch(`/rpc/${encodeURIComponent(caip2)}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "latchkey_faucet",
      params: [address, "native", units.toString()],
    }),
  });
  if (response.status === 404) throw new Error(`${caip2} is not a local devnet: it has no faucet`);
  const parsed = ZFaucetAnswer.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) throw new Error(`the faucet of ${caip2} answered HTTP ${response.status}`);
  if ("error" in parsed.data) throw new Error(parsed.data.error.message);
  return BigInt(parsed.data.result.balance);
}
