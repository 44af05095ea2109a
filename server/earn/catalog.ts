import type { TEarnProvider } from "@/lib/api/earn";
import type { Chains } from "../chains/chains";
import { readChain } from "../chains/read";
import type { AppContext } from "../context";
import { LOCAL_YIELD_VAULT } from "./contracts";
import { type EarnVault, earnDeployment } from "./deployment";
import { readContract } from "./read-contract";
import { readVaultApyBps } from "./vault-apy";

/** spec.md's catalog minimum: vaults below 100k USD of TVL are not offered. */
export const CATALOG_MIN_TVL_USD_MICROS = 100_000n * 1_000_000n;

/** A vault the catalog can offer for an asset, before anything is read from the chain. */
export interface CatalogVault {
  provider: TEarnProvider;
  address: `0x${string}`;
  name: string;
  curator: string;
  asset: { address: string; symbol: string; decimals: number };
  /** Where its APY is read from (deployment.ts): unset means the vault's rateBps(). */
  apy: EarnVault["apy"];
}

/** A catalog vault with what the chain says now. */
export interface VaultReading extends CatalogVault {
  /** totalAssets(), in base units of the asset. */
  tvl: bigint;
  /** The annual rate in basis points. */
  apyBps: number;
}

/**
 * The vaults holding an asset on a chain: on a local devnet, the local world's; on a configured
 * node, those LATCHKEY_EARN_NETWORKS names (none if it names no deployment there).
 */
export function catalogVaults(app: AppContext, caip2: string, assetAddress: string): CatalogVault[] {
  const vaults = earnDeployment(app, caip2)?.vaults ?? [];
  const asset = assetAddress.toLowerCase();
  return vaults
    .filter((v) => v.token.address.toLowerCase() === asset)
    .map((v) => ({
      provider: v.provider,
      address: v.address,
      name: v.name,
      curator: v.curator,
      asset: { address: v.token.address, symbol: v.token.symbol, decimals: v.token.decimals },
      apy: v.apy,
    }));
}

/**
 * TVL and APY of each vault, read from the chain: totalAssets(), and the APY as vault-apy.ts reads
 * it (the local vaults' rateBps(): a simple annual rate, compounded whenever the vault is touched,
 * so the APY offered is that rate). An unreachable chain is a 503 naming it.
 */
export async function readVaults(
  chains: Chains,
  caip2: string,
  vaults: CatalogVault[],
): Promise<VaultReading[]> {
  if (vaults.length === 0) return [];
  return readChain(caip2, async () => {
    const client = await chains.rpc(caip2);
    return Promise.all(
      vaults.map(async (v) => {
        const [tvl, apyBps] = await Promise.all([
          readContract<bigint>(client, v.address, LOCAL_YIELD_VAULT.abi, "totalAssets"),
          readVaultApyBps(client, v),
        ]);
        return { ...v, tvl, apyBps };
      }),
    );
  });
}

/** Basis points as the reference's decimal fraction: 650 → "0.0650". */
export const bpsAsFraction = (bps: number) => (bps / 10_000).toFixed(4);
