import { DEVNET_USDC_MINT, devnetUsdcAsset, nativeAsset, type TAssetMetadata } from "@/lib/api/assets";
import { chainInfo } from "@/lib/api/chains";
import type { Chains } from "./chains";
import { evmAdapter } from "./evm/adapter";
import { svmAdapter } from "./svm/adapter";

/**
 * The assets Latchkey reports on a chain: its native coin, and on a local Solana devnet the seeded
 * USDC (a real cluster does not have that mint, so it is not listed there).
 */
export function servedAssets(chains: Chains, caip2: string): TAssetMetadata[] {
  const info = chainInfo(caip2)!;
  const assets = [nativeAsset(info.caip2)];
  if (info.family === "svm" && chains.isLocal(info.caip2)) assets.push(devnetUsdcAsset(info.caip2));
  return assets;
}

/** One address's balance of each served asset, in base units, in `servedAssets` order. */
export async function assetBalances(chains: Chains, caip2: string, address: string): Promise<bigint[]> {
  const info = chainInfo(caip2)!;
  const client = await chains.rpc(info.caip2);
  if (info.family === "evm") return [await evmAdapter(client).balance(address)];
  const svm = svmAdapter(client);
  return Promise.all(
    servedAssets(chains, caip2).map((asset) =>
      asset.caip19.endsWith(`/token:${DEVNET_USDC_MINT}`)
        ? svm.tokenBalance(address, DEVNET_USDC_MINT)
        : svm.balance(address),
    ),
  );
}
