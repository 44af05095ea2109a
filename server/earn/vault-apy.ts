import type { JsonRpcClient } from "../chains/json-rpc";
import { LOCAL_YIELD_VAULT } from "./contracts";
import type { EarnVault } from "./deployment";
import { readContract } from "./read-contract";

const YEAR_SECONDS = 365n * 24n * 3600n;

/**
 * A vault's APY in basis points, read from its chain. The local protocols' vaults state their rate
 * (`rateBps()`); a real ERC-4626 vault states none, so its rate is what its share price did: the
 * assets one share redeems for now against `lookbackBlocks` ago, annualized as a simple rate (the
 * past's yield, the only thing a chain can vouch for). A price that fell gives 0, never a negative.
 */
export async function readVaultApyBps(
  client: JsonRpcClient,
  vault: Pick<EarnVault, "address" | "apy">,
): Promise<number> {
  if (!vault.apy || vault.apy.source === "rateBps") {
    return Number(await readContract<bigint>(client, vault.address, LOCAL_YIELD_VAULT.abi, "rateBps"));
  }
  const block = (tag: bigint | "latest") =>
    client.call<{ number: string; timestamp: string }>("eth_getBlockByNumber", [
      tag === "latest" ? tag : `0x${tag.toString(16)}`,
      false,
    ]);
  const now = await block("latest");
  const nowNumber = BigInt(now.number);
  const thenNumber =
    nowNumber > BigInt(vault.apy.lookbackBlocks) ? nowNumber - BigInt(vault.apy.lookbackBlocks) : 0n;
  const then = await block(thenNumber);
  const seconds = BigInt(now.timestamp) - BigInt(then.timestamp);
  if (seconds <= 0n) return 0;
  const decimals = await readContract<number>(client, vault.address, LOCAL_YIELD_VAULT.abi, "decimals");
  // A billion shares, not one: a price read to a billionth of a unit shows a few minutes' yield.
  const shares = 10n ** BigInt(decimals + 9);
  const price = (at: bigint) =>
    readContract<bigint>(client, vault.address, LOCAL_YIELD_VAULT.abi, "convertToAssets", [shares], at);
  const [before, after] = await Promise.all([price(thenNumber), price(nowNumber)]);
  if (before === 0n || after <= before) return 0;
  return Number(((after - before) * 10_000n * YEAR_SECONDS) / (before * seconds));
}
