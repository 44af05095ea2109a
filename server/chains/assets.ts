import { DEVNET_USDC_MINT, devnetUsdcAsset, nativeAsset, type TAssetMetadata } from "@/lib/api/assets";
import { chainInfo } from "@/lib/api/chains";
import type { Chains } from "./chains";
import { evmAdapter } from "./evm/adapter";
import { SEEDED_TOKENS, seededTokenAssets } from "./evm/seeded-tokens";
import { svmAdapter } from "./svm/adapter";

/**
 * The assets Latchkey reports on a chain: its native coin, and on a local devnet the tokens seeded
 * there (USDC and WETH on EVM, USDC on Solana). A chain served by a real node has none of them, so
 * only what is true there — the native coin — is listed.
 */
export function servedAssets(chains: Chains, caip2: string): TAssetMetadata[] {
  const info = chainInfo(caip2)!;
  const assets = [nativeAsset(info.caip2)];
  if (!chains.isLocal(info.caip2)) return assets;
  if (info.family === "svm") assets.push(devnetUsdcAsset(info.caip2));
  else assets.push(...seededTokenAssets(info.caip2));
  return assets;
}

/** One address's balance of each served asset, in base units, in `servedAssets` order. */
export async function assetBalances(chains: Chains, caip2: string, address: string): Promise<bigint[]> {
  const info = chainInfo(caip2)!;
  const client = await chains.rpc(info.caip2);
  if (info.family === "evm") {
    const evm = evmAdapter(client);
    const tokens = chains.isLocal(info.caip2) ? SEEDED_TOKENS : [];
    return Promise.all([
      evm.balance(address),
      ...tokens.map((token) => evm.tokenBalance(token.address, address)),
    ]);
  }
  const svm = svmAdapter(client);
  return Promise.all(
    servedAssets(chains, caip2).map((asset) =>
      asset.caip19.endsWith(`/token:${DEVNET_USDC_MINT}`)
        ? svm.tokenBalance(address, DEVNET_USDC_MINT)
        : svm.balance(address),
    ),
  );
}
