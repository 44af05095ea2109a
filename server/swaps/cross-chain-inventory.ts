import { parseEther, parseUnits, toHex } from "viem";
import { mintSeededToken } from "../chains/evm/seed-devnet";
import { SEEDED_TOKENS } from "../chains/evm/seeded-tokens";
import type { JsonRpcClient } from "../chains/json-rpc";
import { crossChainAccount, providerHolds } from "./cross-chain-provider";
import { NATIVE } from "./local-pools";

/** What the cross-chain provider holds on each local devnet to pay out from, per asset. */
export const CROSS_CHAIN_INVENTORY: Record<string, bigint> = {
  [NATIVE]: parseEther("1000"),
  ...Object.fromEntries(
    SEEDED_TOKENS.map((t) => [
      t.address,
      t.symbol === "USDC" ? parseUnits("3000000", 6) : parseEther("1000"),
    ]),
  ),
};

/**
 * Give the cross-chain provider's account its inventory on a local devnet (Anvil's prepare hook, on
 * every start): the native coin by anvil_setBalance and the seeded tokens from their faucet, each
 * only when it holds under a tenth of it — a restored devnet keeps what its fills left.
 */
export async function ensureCrossChainInventory(client: JsonRpcClient, chainId: number): Promise<void> {
  for (const [token, amount] of Object.entries(CROSS_CHAIN_INVENTORY)) {
    const held = await providerHolds(client, token);
    if (held >= amount / 10n) continue;
    if (token === NATIVE) {
      await client.call("anvil_setBalance", [crossChainAccount.address, toHex(amount)]);
      continue;
    }
    const seeded = SEEDED_TOKENS.find((t) => t.address === token)!;
    await mintSeededToken(client, chainId, seeded, crossChainAccount.address, amount - held);
  }
}
