import { DEVNET_USDC_MINT, devnetUsdcAsset, nativeAsset, type TAssetMetadata } from "@/lib/api/assets";
import { chainInfo } from "@/lib/api/chains";
import type { Chains } from "./chains";
import { evmAdapter } from "./evm/adapter";
import { erc20Caip19, SEEDED_TOKENS, seededTokenAssets } from "./evm/seeded-tokens";
import { svmAdapter } from "./svm/adapter";

/** An ERC-20 the operator configured on a chain served by a real node (today: Earn's vault assets). */
export interface ConfiguredToken {
  address: string;
  symbol: string;
  decimals: number;
}

/**
 * The assets Latchkey reports on a chain: its native coin, and on a local devnet the tokens seeded
 * there (USDC and WETH on EVM, USDC on Solana). A chain served by a real node has none of them, so
 * only what is true there is listed: the native coin and the tokens configured for it.
 */
export function servedAssets(
  chains: Chains,
  caip2: string,
  configured: readonly ConfiguredToken[] = [],
): TAssetMetadata[] {
  const info = chainInfo(caip2)!;
  const assets = [nativeAsset(info.caip2)];
  if (!chains.isLocal(info.caip2)) {
    if (info.family !== "evm") return assets;
    return assets.concat(
      configured.map((t) => ({
        caip19: erc20Caip19(info.caip2, t.address),
        symbol: t.symbol,
        decimals: t.decimals,
        name: t.symbol,
        stable: false,
      })),
    );
  }
  if (info.family === "svm") assets.push(devnetUsdcAsset(info.caip2));
  else assets.push(...seededTokenAssets(info.caip2));
  return assets;
}

/** One address's balance of each served asset, in base units, in `servedAssets` order. */
export async function assetBalances(
  chains: Chains,
  caip2: string,
  address: string,
  configured: readonly ConfiguredToken[] = [],
): Promise<bigint[]> {
  const info = chainInfo(caip2)!;
  const client = await chains.rpc(info.caip2);
  if (info.family === "evm") {
    const evm = evmAdapter(client);
    const tokens = chains.isLocal(info.caip2) ? SEEDED_TOKENS : configured;
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
