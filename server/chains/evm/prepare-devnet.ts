import { isEarnChain } from "../../earn/local-world";
import { ensureLocalEarnWorld } from "../../earn/seed-local-world";
import { ensureCrossChainInventory } from "../../swaps/cross-chain-inventory";
import { ensureLocalSwapPools } from "../../swaps/seed-local-pools";
import type { JsonRpcClient } from "../json-rpc";
import { ensureSeededTokens } from "./seed-devnet";

/**
 * What a local EVM devnet must hold before it counts as ready (Anvil's prepare hook, on every
 * start): the seeded tokens on every chain, the swap pools between them and
 * the native coin, the cross-chain swap provider's inventory, and on spec.md's Earn chains the Earn world over them.
 */
export async function prepareEvmDevnet(client: JsonRpcClient, caip2: string, chainId: number): Promise<void> {
  await ensureSeededTokens(client, chainId);
  await ensureLocalSwapPools(client, chainId);
  await ensureCrossChainInventory(client, chainId);
  if (isEarnChain(caip2)) await ensureLocalEarnWorld(client, chainId);
}
